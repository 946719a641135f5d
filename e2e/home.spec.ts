import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { lastMailTo, linkIn } from './support/mail-outbox.ts';
import { pieces } from '../common/plurals.ts';

/** An address no other test (or other browser project) uses. */
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

test.describe('home page', () => {
  test('the hero says who we are and See Collection opens the catalogue', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Tools that hold an edge, and hold their value.' });
    await expect(hero.getByText(/made chisels, planes, saws and marking tools for about 30 years/)).toBeVisible();
    await expect(hero.getByRole('img', { name: /smoothing plane/ })).toBeVisible();
    await hero.getByRole('link', { name: 'See Collection' }).click();
    await expect(page).toHaveURL('/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All our tools');
  });

  test('the six newest tools show what a buyer needs to know', async ({ page, request }) => {
    const newest = (await (await request.get('/api/products?limit=6')).json()) as Array<{ name: string; minQuantity: number; availQuantity: number }>;
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'Our manufactured tools' }).getByRole('article');
    await expect(cards).toHaveCount(6);
    for (const [index, product] of newest.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading')).toHaveText(product.name);
      await expect(card.getByRole('img', { name: product.name })).toBeVisible();
      await expect(card.getByText('Minimum order')).toBeVisible();
      await expect(card.getByText(pieces(product.minQuantity), { exact: true })).toBeVisible();
      // Available counts what one order can take: fewer than the stock, by the specification's rule;
      // none when not even the minimum can be ordered (a product other tests sold out).
      const soldOut = product.availQuantity <= product.minQuantity;
      await expect(card.getByText(soldOut ? 'None left' : pieces(product.availQuantity - 1), { exact: true })).toBeVisible();
    }
  });

  test('Words From Our Customers shows the three newest reviews with their ratings', async ({ page, request }) => {
    const newest = (await (await request.get('/api/reviews?limit=3')).json()) as Array<{ name: string; review: string; ratings: number }>;
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Words From Our Customers' });
    const cards = section.getByRole('figure');
    await expect(cards).toHaveCount(3);
    for (const [index, review] of newest.entries()) {
      const card = cards.nth(index);
      await expect(card).toContainText(review.review);
      await expect(card).toContainText(review.name);
      await expect(card.getByText(`Rated ${review.ratings} out of 5`)).toBeAttached();
      await expect(card.getByText(`${review.ratings}/5`)).toBeVisible();
    }
  });

  test('the stats cards give the range, the customers and the employees', async ({ page }) => {
    await page.goto('/');
    const stats = page.getByRole('region', { name: 'Joinery in figures' });
    for (const [figure, label] of [
      ['100+', 'product range'],
      ['9000+', 'satisfied customers'],
      ['400+', 'happy employees'],
    ]) {
      const card = stats.getByRole('listitem').filter({ hasText: figure! });
      await expect(card).toContainText(label!, { ignoreCase: true });
    }
  });

  test('the newsletter form checks the address, subscribes it once and says so', async ({ page }) => {
    await page.goto('/');
    const region = page.getByRole('region', { name: 'New tools and workshop notes' });
    await region.scrollIntoViewIfNeeded(); // the form loads as it comes near the screen
    const form = region.getByRole('form', { name: 'Newsletter', exact: true });
    const email = form.getByLabel('Email');

    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText('Email is Required')).toBeVisible();
    await email.fill('not an address');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText('Provide a valid Email')).toBeVisible();
    await expect(email).toHaveValue('not an address');

    const address = uniqueEmail('reader');
    await email.fill(address);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText(`Thank you! We have sent an e-mail to ${address}.`)).toBeVisible();
    await expect(email).toHaveValue('');
    // The reader confirms with the link mailed to them (double opt-in); only then is the address on the list.
    const confirmation = await lastMailTo(address, 'Confirm your subscription to the Joinery newsletter');
    const token = new URL(linkIn(confirmation.text, '/newsletter/confirm')).searchParams.get('token');
    expect((await page.request.post('/api/newsletter/confirm', { data: { token } })).status()).toBe(200);

    // Asking again is answered as any request is (the page tells no one whether an address is on the
    // list); the reader's mailbox says it is on the list already.
    await email.fill(address.toUpperCase());
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText(`Thank you! We have sent an e-mail to ${address}.`)).toBeVisible();
    await lastMailTo(address, 'You are on the Joinery newsletter already');
  });

  test('the footer newsletter box works on every page', async ({ page }) => {
    await page.goto('/blogs');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter (footer)' });
    const address = uniqueEmail('footer');
    await form.getByLabel('Your e-mail address').fill(address);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText(`Thank you! We have sent an e-mail to ${address}.`)).toBeVisible();
  });

  test('the contact form checks every field, sends the message and confirms it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Tell us what you need' }).scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByRole('button', { name: 'Send Messege' }).click();
    await expect(form.getByText('Email is Required')).toBeVisible();
    await expect(form.getByText('Name is Required')).toBeVisible();
    await expect(form.getByText('Tell us which tools you need')).toBeVisible();

    await form.getByLabel('Phone (optional)').fill('call me');
    await form.getByRole('button', { name: 'Send Messege' }).click();
    await expect(form.getByText('Provide a valid phone number')).toBeVisible();

    const address = uniqueEmail('workshop');
    await form.getByLabel('Email').fill(address);
    await form.getByLabel('Name').fill('Ruth Turner');
    await form.getByLabel('Phone (optional)').fill('+1 555 010 2030');
    await form.getByLabel('Product requirement').fill('Twenty marking gauges for a school workshop.');
    await form.getByRole('button', { name: 'Send Messege' }).click();
    await expect(form.getByText(`Thank you, Ruth Turner. We will answer at ${address} within two working days.`)).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
  });

  test('a contact message the server cannot take keeps what was typed and says what went wrong', async ({ page }) => {
    await page.route('**/api/contact-messages', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many requests. Please try again in 1 hour.' }) }),
    );
    await page.goto('/');
    await page.getByRole('region', { name: 'Tell us what you need' }).scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Email').fill('ruth@example.com');
    await form.getByLabel('Name').fill('Ruth Turner');
    await form.getByLabel('Product requirement').fill('Two block planes.');
    await form.getByRole('button', { name: 'Send Messege' }).click();
    await expect(form.getByText('Too many requests. Please try again in 1 hour.')).toBeVisible();
    await expect(form.getByLabel('Product requirement')).toHaveValue('Two block planes.');
    await expect(form.getByLabel('Name')).toHaveValue('Ruth Turner');
  });
});

/**
 * The home page as the app shows it when arriving from another page: the server renders it with its
 * tools and reviews in (ADR 024), so these states are the app's own, met on the way in from elsewhere.
 */
async function goHomeFromAnotherPage(page: Page) {
  await page.goto('/blogs');
  // Until the app has taken the page over, the link would load the home page afresh from the server.
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: 'Joinery home' }).first().click();
  await expect(page).toHaveURL('/');
}

test.describe('home page states, arriving from another page', () => {
  test('skeletons show while the tools load', async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/products?*', async (route) => {
      await released;
      await route.continue();
    });
    await goHomeFromAnotherPage(page);
    await expect(page.getByRole('status', { name: 'Loading tools' })).toBeVisible();
    release();
    await expect(page.getByRole('region', { name: 'Our manufactured tools' }).getByRole('article')).toHaveCount(6);
    await expect(page.getByRole('status', { name: 'Loading tools' })).toHaveCount(0);
  });

  test('a failing API shows an error with a retry that recovers', async ({ page }) => {
    test.slow(); // the query is retried three times with back-off before the error shows
    let failing = true;
    await page.route('**/api/products?*', (route) =>
      failing
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'UNAVAILABLE', message: 'The database does not answer.' }) })
        : route.continue(),
    );
    await goHomeFromAnotherPage(page);
    const tools = page.getByRole('region', { name: 'Our manufactured tools' });
    await expect(tools.getByRole('alert')).toContainText('We could not load our tools.', { timeout: 20_000 });
    await expect(tools.getByRole('alert')).toContainText('The database does not answer.');
    failing = false;
    await tools.getByRole('button', { name: 'Try again' }).click();
    await expect(tools.getByRole('article')).toHaveCount(6);
  });

  test('an empty catalogue and no reviews say so', async ({ page }) => {
    const empty = { status: 200, contentType: 'application/json', headers: { 'x-total-count': '0' }, body: '[]' };
    await page.route('**/api/products?*', (route) => route.fulfill(empty));
    await page.route('**/api/reviews?*', (route) => route.fulfill(empty));
    await goHomeFromAnotherPage(page);
    await expect(page.getByText('No tools in the catalogue yet.')).toBeVisible();
    await expect(page.getByText('No reviews yet.')).toBeVisible();
  });
});
