import './styles.css';

/**
 * The page's first script: its stylesheet, and the app once the browser has painted the page. A page
 * rendered on the server (ADR 024) is complete without the app; fetched after the first paint, the
 * app's script leaves the bandwidth and the main thread of the first paint to the page's markup,
 * stylesheet and largest picture (ADR 026). The timer also starts the app in a tab opened in the
 * background, where no frame is painted until it is shown.
 */
let started = false;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
function startApp() {
  if (started) return;
  started = true;
  // React first, then the rest of the app in a task of its own: evaluated together, they held the
  // browser for over 100 ms on a slow phone, long enough to delay a tap.
  void import('react-dom/client').then(nextTask).then(() => import('./start-app.tsx'));
}
requestAnimationFrame(() => setTimeout(startApp, 0));
setTimeout(startApp, 1000);
