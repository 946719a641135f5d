import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';

/** Console errors, failed requests and CSP violations a page produces, gathered while a test runs. */
function collectPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  return problems;
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

async function openMenuOnPhone(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
}

test.describe('the shop shell', () => {
  test('the home page shows the header, the company, the six newest tools and the footer, without errors', async ({ page }) => {
    const problems = collectPageProblems(page);
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(/about 30 years/)).toBeVisible();

    const tools = page.getByRole('region', { name: 'Our manufactured tools' });
    const cards = tools.getByRole('article');
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      await expect(card.getByRole('heading')).not.toBeEmpty();
      // A tool sold in several ways costs "from" its lowest price, and is bought after choosing on its page.
      await expect(card.getByText(/^(from\s*)?\$[\d,]+\.\d{2}/)).toBeVisible();
      await expect(card.getByRole('link', { name: /^Buy Now\b/ })).toHaveAttribute('href', /^\/(purchase|products)\/[0-9a-f-]{36}$/);
    }

    const footer = page.getByRole('contentinfo');
    for (const group of ['Services', 'Company', 'Legal']) {
      await expect(footer.getByRole('heading', { name: group })).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test('the header links lead to each public page', async ({ page }) => {
    await page.goto('/');
    for (const [name, url, heading] of [
      ['Blogs', '/blogs', 'Questions and answers'],
      ['Portfolio', '/portfolio', 'The developer behind the shop'],
      ['Home', '/', 'Tools that hold an edge, and hold their value.'],
    ] as const) {
      await openMenuOnPhone(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    await openMenuOnPhone(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LOG IN' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
  });

  test('a Buy Now button leads to the purchase page of its product', async ({ page }) => {
    await page.goto('/');
    // A tool sold one way (one with options is bought after choosing on its page).
    const card = page
      .getByRole('region', { name: 'Our manufactured tools' })
      .getByRole('article')
      .filter({ has: page.locator('a[href^="/purchase/"]') })
      .first();
    const name = await card.getByRole('heading').textContent();
    const buy = card.getByRole('link', { name: /^Buy Now\b/ });
    // The link says "Buy Now" and, for screen readers, which product.
    await expect(buy).toHaveAccessibleName(new RegExp(`^Buy Now\\W+${name!.replace(/[()]/g, '\\$&')}$`));
    const href = await buy.getAttribute('href');
    await buy.click();
    // Buying needs an account: a signed-out visitor is asked to log in, and comes back afterwards.
    await expect(page).toHaveURL(`/login?returnTo=${encodeURIComponent(href!)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
  });

  test('every public route of the route table answers when opened directly; guarded ones ask to log in', async ({ page }) => {
    test.slow(); // fifteen pages, each loaded afresh
    const routes: Array<[string, string]> = [
      ['/home', 'Tools that hold an edge, and hold their value.'],
      ['/login', 'Log in'],
      ['/phoneLogin', 'Log in with your phone'],
      ['/register', 'Create your account'],
      ['/portfolio', 'The developer behind the shop'],
      ['/blogs', 'Questions and answers'],
    ];
    for (const [url, heading] of routes) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), url).toHaveText(heading);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    }
    const guarded = [
      '/purchase/any-product',
      '/dashboard',
      '/dashboard/review',
      '/dashboard/myorders',
      '/dashboard/payment/any-order',
      '/dashboard/addProduct',
      '/dashboard/manageproducts',
      '/dashboard/manageorder',
      '/dashboard/admin',
    ];
    for (const url of guarded) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(page, url).toHaveURL(`/login?returnTo=${encodeURIComponent(url)}`);
      await expect(page.getByRole('heading', { level: 1 }), url).toHaveText('Log in');
    }
  });

  test('any other path shows the not-found page with a way home', async ({ page }) => {
    await page.goto('/no/such/tool');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('region', { name: 'Our manufactured tools' }).getByRole('article')).toHaveCount(6);
  });

  test('every product image the API names is served by the shop as an image', async ({ request }) => {
    const products = (await (await request.get('/api/products?limit=100')).json()) as Array<{ img: string }>;
    expect(products.length).toBeGreaterThanOrEqual(12);
    for (const { img } of products) {
      const response = await request.get(img);
      expect(response.status(), img).toBe(200);
      expect(response.headers()['content-type'], img).toMatch(/^image\//);
    }
  });
});

test.describe('on a phone', () => {
  test('the menu opens, lists the links and closes after one is followed', { tag: '@phone' }, async ({ page }) => {
    test.skip(!isPhone(page), 'the folding menu exists on narrow screens only');
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.locator('#mobile-menu').getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL('/blogs');
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
  });
});

test('each page names itself in the browser tab, and the public pages describe themselves for search engines', async ({ page }) => {
  const description = () => page.locator('meta[name="description"]').getAttribute('content');
  const seen = new Map<string, string>();
  for (const [path, title] of [
    ['/', 'Joinery · Carpentry tools made to last'],
    ['/products', 'All our tools · Joinery'],
    ['/blogs', 'Questions and answers · Joinery'],
    ['/portfolio', 'The developer behind the shop · Joinery'],
    ['/login', /· Joinery$/],
    ['/register', /· Joinery$/],
    ['/phoneLogin', /· Joinery$/],
    ['/forgotPassword', /· Joinery$/],
    ['/no-such-page', 'Page not found · Joinery'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
    const shown = await page.title();
    expect(seen.get(shown), `${path} has the title of ${seen.get(shown)}`).toBeUndefined();
    seen.set(shown, path);
  }
  // Every page keeps one description, and the catalogue has its own.
  await page.goto('/');
  const shopDescription = await description();
  await page.goto('/products');
  await expect.poll(description).not.toBe(shopDescription);
  expect(await page.locator('meta[name="description"]').count()).toBe(1);
});
