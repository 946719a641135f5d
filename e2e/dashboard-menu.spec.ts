import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { openAsAdmin } from './support/accounts.ts';

test('the dashboard menu shows the current page’s tab, even at the far end of a phone’s strip', { tag: '@phone' }, async ({ page }) => {
  await openAsAdmin(page, '/dashboard/jobs');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  const current = menu.getByRole('link', { name: 'Background jobs' });
  await expect(current).toHaveAttribute('aria-current', 'page');
  const strip = (await menu.getByRole('list').boundingBox())!;
  const tab = (await current.boundingBox())!;
  expect(tab.x).toBeGreaterThanOrEqual(strip.x - 1);
  expect(tab.x + tab.width).toBeLessThanOrEqual(strip.x + strip.width + 1);
});
