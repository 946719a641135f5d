import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { e2eAdmin } from '../playwright.config.ts';
import { isPhone, logIn, openAsAdmin, uniqueEmail } from './support/accounts.ts';
import { severeViolations } from './support/axe.ts';
import { usd } from './support/catalogue.ts';

/**
 * A tool's own page, as a visitor, a buyer and an admin meet it: open to everyone from the catalogue,
 * its pictures looked through with the keyboard (or a swipe), its reviews with a verified buyer's
 * mark, Buy Now through sign-in to the purchase page; an admin giving it another main picture.
 */

const saws = ['/images/products/tenon-saw.webp', '/images/products/dovetail-saw.webp', '/images/products/ryoba-saw.webp'];

/** The file the build made of one of the shop's own pictures, named by its content: /assets/<name>-<hash>.webp. */
const builtFile = (stable: string) => new RegExp(`^/assets/${stable.slice(stable.lastIndexOf('/') + 1, -'.webp'.length)}-[\\w-]{8}\\.webp$`);

interface Tool {
  id: string;
  name: string;
  remove(): Promise<void>;
}

/** A context signed in through the API, as the login page would sign it in. */
async function signedIn(browser: Browser, baseURL: string, account: { email: string; password: string; name?: string }, register = false): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  const path = register ? '/api/auth/sign-up/email' : '/api/auth/sign-in/email';
  const res = await context.request.post(path, { data: account, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

/**
 * A tool of the test's own, added by the admin, and deleted again when the test ends. It is in "Other
 * tools" and its words are none the catalogue tests search for, so that their counts never meet it.
 */
async function addTool(admin: BrowserContext, name: string, pictures: string[]): Promise<Tool> {
  const res = await admin.request.post('/api/products', {
    data: {
      name,
      img: pictures[0],
      pictures,
      category: 'other',
      price: 96,
      minQuantity: 1,
      availQuantity: 30,
      description: 'A trio for the bench, each tooth set and filed by hand.',
    },
  });
  expect(res.status()).toBe(201);
  const { _id } = (await res.json()) as { _id: string };
  return {
    id: _id,
    name,
    // Out of the catalogue again, so that the tests that count or list the newest products never meet it.
    async remove() {
      expect((await admin.request.delete(`/api/products/${_id}`)).status()).toBe(200);
    },
  };
}

/** The order and payment calls of the purchase and payment pages, with a good card. */
async function buy(buyer: BrowserContext, productId: string) {
  const placed = await buyer.request.post('/api/orders', { data: { productId, quantity: 1, phone: '+1 415 555 0100', adress: '12 Bench Lane, Leeds' } });
  expect(placed.status()).toBe(201);
  const { _id: orderId } = (await placed.json()) as { _id: string };
  const intent = (await (await buyer.request.post('/api/create-payment-intent', { data: { orderId } })).json()) as { clientSecret: string; transactionId: string };
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Vera Verified' };
  expect((await buyer.request.post('/api/payments/local/authorise', { data: { orderId, clientSecret: intent.clientSecret, ...card } })).status()).toBe(200);
  expect((await buyer.request.put(`/api/orders/${orderId}`, { data: { paymentStatus: 'paid', transactionId: intent.transactionId } })).status()).toBe(200);
}

/** A swipe on a touch screen: a finger down on the element, then up further to one side. */
async function swipe(page: Page, selector: string, dx: number) {
  const box = (await page.locator(selector).boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const touch = { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true };
  await page.locator(selector).dispatchEvent('pointerdown', { ...touch, clientX: at.x, clientY: at.y });
  await page.locator(selector).dispatchEvent('pointerup', { ...touch, clientX: at.x + dx, clientY: at.y + 4 });
}

test(
  'a visitor opens a tool from the catalogue, looks through its pictures, reads its reviews, and Buy Now leads through sign-in to the purchase page',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    // Two axe runs and a sign-in: more than the default allows on a busy machine.
    test.setTimeout(120_000);
    const admin = await signedIn(browser, baseURL!, e2eAdmin);
    const tool = await addTool(admin, `Joinery Saw Trio ${testInfo.project.name} ${Date.now()}`, saws);
    const buyerAccount = { name: 'Vera Verified', email: uniqueEmail('vera'), password: 'dovetail-joint-1' };
    const buyer = await signedIn(browser, baseURL!, buyerAccount, true);
    try {
      await buy(buyer, tool.id);
      const review = `Three saws that cut true out of the box ${Date.now()}.`;
      const written = await buyer.request.post('/api/reviews', { data: { ratings: 5, review, productId: tool.id } });
      expect(written.status()).toBe(201);

      // What a search engine reads, without running the app.
      const html = await (await page.request.get(`/products/${tool.id}`)).text();
      expect(html).toContain(`<title>${tool.name} · Joinery</title>`);
      expect(html).toContain(`<link rel="canonical" href="${baseURL}/products/${tool.id}"`);
      expect(html).toContain('"@type":"Product"');
      expect(html).toContain('"aggregateRating"');

      // The catalogue's card leads to the tool's page by its name.
      await page.goto(`/products?q=${encodeURIComponent(tool.name)}`);
      const card = page.getByRole('main').getByRole('article', { name: tool.name });
      await card.getByRole('heading').getByRole('link', { name: tool.name }).click();
      await expect(page).toHaveURL(`/products/${tool.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tool.name);
      await expect(page).toHaveTitle(`${tool.name} · Joinery`);

      // The pictures, through the keyboard: arrows move, End and Home jump, the focus follows.
      const gallery = page.getByRole('region', { name: `Pictures of ${tool.name}` });
      const shown = (number: number) => gallery.getByRole('img', { name: `${tool.name}, picture ${number} of 3` });
      await expect(shown(1)).toBeVisible();
      await gallery.getByRole('button', { name: 'Show picture 1 of 3' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(shown(2)).toHaveAttribute('src', builtFile(saws[1]!));
      await expect(gallery.getByRole('button', { name: 'Show picture 2 of 3' })).toBeFocused();
      await page.keyboard.press('End');
      await expect(shown(3)).toHaveAttribute('src', builtFile(saws[2]!));
      await page.keyboard.press('ArrowRight');
      await expect(shown(1)).toBeVisible();
      if (isPhone(page)) {
        // A swipe to the left shows the next picture.
        await swipe(page, `section[aria-label="Pictures of ${tool.name}"] > div:first-child`, -120);
        await expect(shown(2)).toBeVisible();
      }

      // The reviews: the average, the buyer's words and their mark.
      const reviews = page.getByRole('region', { name: 'What woodworkers say' });
      await expect(reviews.getByText('5.0 out of 5 from 1 review')).toBeAttached();
      const item = reviews.getByRole('article', { name: 'Review by Vera Verified' });
      await expect(item).toContainText(review);
      await expect(item.getByText('Verified buyer')).toBeVisible();
      await expect(reviews.getByRole('link', { name: `Write a review of ${tool.name}` })).toHaveAttribute('href', `/dashboard/review?product=${tool.id}`);
      expect(await severeViolations(page)).toEqual([]);

      // Buy Now asks a visitor to sign in, then opens the purchase page.
      const buyBox = page.getByRole('region', { name: `Buy ${tool.name}` });
      await expect(buyBox).toContainText(usd(96));
      await expect(buyBox.getByText('In stock')).toBeVisible();
      await buyBox.getByRole('link', { name: 'Buy Now' }).click();
      await expect(page).toHaveURL(/\/login\?returnTo=/);
      await logIn(page, buyerAccount.email, buyerAccount.password);
      await expect(page).toHaveURL(`/purchase/${tool.id}`, { timeout: 15_000 });
      await expect(page.getByRole('form', { name: 'Order form' })).toBeVisible();
    } finally {
      await tool.remove();
      await buyer.close();
      await admin.close();
    }
  },
);

test('the tags the server wrote for a tool’s page leave when the app shows another page', async ({ page, browser, baseURL }, testInfo) => {
  const admin = await signedIn(browser, baseURL!, e2eAdmin);
  const tool = await addTool(admin, `Joinery Saw Pair ${testInfo.project.name} ${Date.now()}`, saws.slice(0, 2));
  try {
    await page.goto(`/products/${tool.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tool.name);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/products/${tool.id}`);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Catalogue' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All our tools');
    await expect(page.locator('link[rel="canonical"], script[type="application/ld+json"], meta[property^="og:"]')).toHaveCount(0);
    await expect(page).toHaveTitle('All our tools · Joinery');
  } finally {
    await tool.remove();
    await admin.close();
  }
});

test('an unknown tool’s page says so and leads back to the catalogue', async ({ page }) => {
  test.setTimeout(60_000);
  const res = await page.goto('/products/00000000-0000-4000-8000-000000000000');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'We could not find this tool' })).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Browse the catalogue' }).click();
  await expect(page).toHaveURL('/products');
});

test('an admin gives a tool a second picture, makes it the main one, and uploads a third; the tool’s page and the catalogue show them', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const admin = await signedIn(browser, baseURL!, e2eAdmin);
  const tool = await addTool(admin, `Joinery Plane Pair ${testInfo.project.name} ${Date.now()}`, ['/images/products/block-plane.webp']);
  try {
    await openAsAdmin(page, '/dashboard/manageproducts');
    await expect(page).toHaveURL('/dashboard/manageproducts');
    await page.getByRole('searchbox', { name: 'Search products by name' }).fill(tool.name);
    await page.getByRole('button', { name: `Edit ${tool.name}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${tool.name}` });
    const pictures = edit.getByRole('list', { name: 'The product’s pictures' });
    await expect(pictures.getByRole('listitem')).toHaveCount(1);

    // An address that is not a picture the shop can show is refused, with the reason, before saving.
    await edit.getByLabel('Add a picture by its address').fill('http://insecure.example/plane.webp');
    await edit.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(edit.getByText('Image must be an https:// address or an uploaded picture')).toBeVisible();

    await edit.getByLabel('Add a picture by its address').fill('/images/products/shoulder-plane.webp');
    await edit.getByLabel('Add a picture by its address').press('Enter');
    await expect(pictures.getByRole('img', { name: 'Picture 2' })).toHaveAttribute('src', '/images/products/shoulder-plane.webp');
    await edit.getByRole('button', { name: 'Make picture 2 the main picture' }).click();
    await expect(pictures.getByRole('img', { name: 'Picture 1' })).toHaveAttribute('src', '/images/products/shoulder-plane.webp');
    await expect(pictures.getByRole('listitem').first()).toContainText('Main picture');
    // The focus stays with the picture that moved.
    await expect(edit.getByRole('button', { name: 'Move picture 1 down' })).toBeFocused();

    await edit.getByLabel(/Or upload pictures/).setInputFiles('web/assets/product-pictures/block-plane-400.webp');
    await expect(pictures.getByRole('img', { name: 'Picture 3' })).toHaveAttribute('src', /^\/api\/product-images\/[0-9a-f-]{36}$/);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(`${tool.name} is updated.`);

    // The catalogue shows the new main picture; the tool's page, all three in order.
    const [listed] = (await (await page.request.get(`/api/products?q=${encodeURIComponent(tool.name)}`)).json()) as Array<{ img: string }>;
    expect(listed!.img).toBe('/images/products/shoulder-plane.webp');
    await page.goto(`/products/${tool.id}`);
    const gallery = page.getByRole('region', { name: `Pictures of ${tool.name}` });
    await expect(gallery.getByRole('img', { name: `${tool.name}, picture 1 of 3` })).toHaveAttribute('src', builtFile('/images/products/shoulder-plane.webp'));
    await gallery.getByRole('button', { name: 'Show picture 3 of 3' }).click();
    const uploaded = gallery.getByRole('img', { name: `${tool.name}, picture 3 of 3` });
    await expect(uploaded).toHaveAttribute('src', /^\/api\/product-images\//);
    await expect(uploaded).toHaveJSProperty('complete', true);
    expect(await uploaded.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  } finally {
    await tool.remove();
    await admin.close();
  }
});
