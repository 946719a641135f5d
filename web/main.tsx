import './styles.css';

/**
 * The page's first script: its stylesheet, and the app once the browser has painted the page. A page
 * rendered on the server (ADR 024) is complete without the app; fetched after the first paint, the
 * app's script leaves the bandwidth and the main thread of the first paint to the page's markup,
 * stylesheet and largest picture (ADR 026). The timer also starts the app in a tab opened in the
 * background, where no frame is painted until it is shown.
 */
let started = false;
function startApp() {
  if (started) return;
  started = true;
  void import('./start-app.tsx');
}
requestAnimationFrame(() => setTimeout(startApp, 0));
setTimeout(startApp, 1000);
