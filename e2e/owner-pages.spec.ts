import { expect, type Page, type TestInfo } from '@playwright/test';
import { newAppPage, test } from './support/test.ts';
import { openAsAdmin, registerCustomer } from './support/accounts.ts';
import { severeViolations } from './support/axe.ts';
import { someProduct } from './support/catalogue.ts';

/** The pages the owner writes (issue 29, ADR 044): in the footer, rendered on the server, edited and published by the admin; at 1280 and 390 px. */

const width = (page: Page) => page.viewportSize()?.width ?? 1280;

async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width(page)}.png`), fullPage });
}

test.describe('the pages the owner writes', () => {
  test('the footer’s terms open the owner’s page', { tag: '@phone' }, async ({ page }, testInfo) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    for (const [name, path] of [
      ['Shipping information', '/pages/shipping'],
      ['Returns policy', '/pages/returns'],
      ['About us', '/pages/about'],
      ['Terms of sale', '/pages/terms'],
      ['Privacy notice', '/pages/privacy'],
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', path!);
    }
    await footer.screenshot({ path: testInfo.outputPath(`footer-${width(page)}.png`) });

    await footer.getByRole('link', { name: 'Terms of sale', exact: true }).click();
    await expect(page).toHaveURL('/pages/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of sale');
    await expect(page).toHaveTitle('Terms of sale · Joinery');
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Placing and paying for an order' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'returns policy' })).toHaveAttribute('href', '/pages/returns');
    await screenshot(page, testInfo, 'terms-page');
    expect(await severeViolations(page)).toEqual([]);

    // Buy Now says what placing the order accepts, and links it.
    await registerCustomer(page);
    await page.goto(`/purchase/${(await someProduct(page))._id}`);
    const notice = page.getByText('By placing this order you accept our terms of sale.');
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'terms of sale' })).toHaveAttribute('href', '/pages/terms');
  });

  test('the admin edits and publishes a page, and it shows at once', { tag: '@phone' }, async ({ page, browser }, testInfo) => {
    await openAsAdmin(page, '/dashboard/pages');
    await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
    await screenshot(page, testInfo, 'pages-list');
    // Each width edits a page of its own: the two run at once, and the later publish is the page in force.
    const [slug, label] = width(page) < 768 ? ['shipping', 'Shipping information'] : ['about', 'About us'];
    await page.getByRole('link', { name: `Edit ${label}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit: ${label}` })).toBeVisible();

    const stamp = `${width(page)}-${Date.now().toString(36)}`;
    const text = page.getByLabel('Text');
    await text.fill(
      `We have made hand tools in Portland for about 30 years.\n\n## Visit us ${stamp}\n- **Open** Monday to Friday\n- Write to [our workshop](mailto:help@joinery.example)`,
    );
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { level: 2, name: `Visit us ${stamp}` })).toBeVisible();
    await expect(preview.getByRole('link', { name: 'our workshop' })).toHaveAttribute('href', 'mailto:help@joinery.example');
    await screenshot(page, testInfo, 'page-editor');
    expect(await severeViolations(page)).toEqual([]);

    // A link that is not safe is named before publishing, and nothing typed is lost.
    await text.press('End');
    await text.pressSequentially('\n\nSee [this](javascript:void(0))');
    await expect(page.getByRole('status', { name: 'To fix before publishing' })).toContainText('A link must start with https://');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(text).toHaveValue(/See \[this\]\(javascript:void\(0\)\)$/);
    await text.fill((await text.inputValue()).replace('\n\nSee [this](javascript:void(0))', ''));

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(new RegExp(`${label} published as version \\d+\\.`))).toBeVisible();
    await screenshot(page, testInfo, 'page-editor-published', false);

    // A visitor, in another browser, reads the new version at once.
    const visitor = await newAppPage(await browser.newContext({ viewport: page.viewportSize() ?? undefined }));
    await visitor.goto(`/pages/${slug}`);
    await expect(visitor.getByRole('heading', { level: 2, name: `Visit us ${stamp}` })).toBeVisible();
    await visitor.screenshot({ path: testInfo.outputPath(`${slug}-page-${width(page)}.png`), fullPage: true });
    await visitor.context().close();
  });
});

test.describe('with scripts turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('a page is in the HTML from the server, with the return window from the settings, and in the sitemap', async ({ page, request }) => {
    await page.goto('/pages/returns');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Returns policy');
    await expect(page.getByRole('main').getByText(/within \d+ days? of its delivery/)).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('{return window}');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms of sale' })).toHaveAttribute('href', '/pages/terms');

    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const slug of ['terms', 'privacy', 'returns', 'shipping', 'about']) expect(sitemap).toContain(`/pages/${slug}</loc>`);
  });
});
