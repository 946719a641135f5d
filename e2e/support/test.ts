import { test as base, type BrowserContext, type Page } from '@playwright/test';

/**
 * Makes `page.goto` wait until the app runs the page (the layout marks <html data-app="running">). A
 * page rendered on the server (ADR 024) shows its buttons and fields before its script has taken it
 * over; pressed or filled before then, they would do nothing.
 */
export function waitingForTheApp(page: Page, javaScriptEnabled = true): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    // Only the shop's own pages have the app (not a PDF, an API answer or a provider's stand-in).
    if (javaScriptEnabled && (await page.locator('#root').count()) > 0) {
      await page.locator('html[data-app="running"]').waitFor({ state: 'attached' });
    }
    return response;
  };
  return page;
}

/** A second person's page in `context`, whose `goto` waits for the app as the test's own page does. */
export async function newAppPage(context: BrowserContext): Promise<Page> {
  return waitingForTheApp(await context.newPage());
}

/** Playwright's test, whose page waits after each `goto` until the app runs the page. */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(waitingForTheApp(page, javaScriptEnabled !== false));
  },
});
