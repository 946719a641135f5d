import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import type { FailedJob } from '../common/schemas/jobs.ts';
import { isPhone, openAsAdmin } from './support/accounts.ts';

const notifications = (page: Page) => page.getByRole('status', { name: 'Notifications' });

async function logInAsAdmin(page: Page, returnTo: string) {
  await openAsAdmin(page, returnTo);
  await expect(page).toHaveURL(returnTo);
}

const failedJobs: FailedJob[] = [
  {
    _id: '41',
    task: 'send-order-email',
    description: 'Shipping notice for order 7f3a…',
    attempts: 10,
    lastError: 'Mail server refused the message: 550 mailbox unavailable',
    failedAt: '2026-05-04T09:12:00.000Z',
  },
  {
    _id: '37',
    task: 'expire-unpaid-order',
    description: 'Unpaid order 2c9e…',
    attempts: 10,
    lastError: 'Database unavailable',
    failedAt: '2026-05-03T18:40:00.000Z',
  },
];

/**
 * The shop has no task that fails on demand, so the list and the retry are answered here, as the API
 * answers them (its own tests cover the server side).
 */
async function serveFailedJobs(page: Page): Promise<string[]> {
  const retried: string[] = [];
  await page.route('**/api/jobs/failed*', (route) => {
    const items = failedJobs.filter((job) => !retried.includes(job._id));
    return route.fulfill({ status: 200, contentType: 'application/json', headers: { 'x-total-count': String(items.length) }, body: JSON.stringify(items) });
  });
  await page.route('**/api/jobs/*/retry', (route) => {
    const id = decodeURIComponent(new URL(route.request().url()).pathname.split('/')[3]!);
    retried.push(id);
    return route.fulfill({ status: 202, contentType: 'application/json', body: JSON.stringify({ _id: id }) });
  });
  return retried;
}

test.describe('background jobs', () => {
  test('the admin finds the page in the dashboard menu, and sees when no job has failed', async ({ page }) => {
    await logInAsAdmin(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Background jobs' }).click();
    await expect(page).toHaveURL('/dashboard/jobs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Background jobs');
    await expect(page.getByText('No failed jobs')).toBeVisible();
  });

  test('the admin reads each failed job and retries one after confirming', async ({ page }) => {
    const retried = await serveFailedJobs(page);
    await logInAsAdmin(page, '/dashboard/jobs');
    await expect(page.getByText('2 failed jobs, most recent first.')).toBeVisible();

    if (isPhone(page)) {
      // Stacked cards: every detail of a job in one card.
      const card = page.getByRole('article', { name: 'Failed send-order-email job' });
      await expect(card).toContainText('Shipping notice for order 7f3a…');
      await expect(card).toContainText('Mail server refused the message: 550 mailbox unavailable');
      await expect(card).toContainText('10 attempts · failed May 4, 2026');
      await expect(page.getByRole('table')).toBeHidden();
    } else {
      const table = page.getByRole('table', { name: 'Failed jobs' });
      await expect(table.getByRole('columnheader')).toHaveText(['Task', 'Error', 'Attempts', 'Failed', 'Action']);
      const row = table.getByRole('row').filter({ hasText: 'send-order-email' });
      await expect(row.getByRole('cell').nth(1)).toHaveText('Mail server refused the message: 550 mailbox unavailable');
      await expect(row.getByRole('cell').nth(2)).toHaveText('10');
      await expect(row.getByRole('cell').nth(3)).toContainText('May 4, 2026');
    }

    const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
    expect(violations.map((violation) => violation.id)).toEqual([]);

    const retry = page.getByRole('button', { name: 'Retry the send-order-email job: Shipping notice for order 7f3a…' });
    await retry.click();
    const dialog = page.getByRole('dialog', { name: 'Run this job again?' });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    expect(retried).toEqual([]);

    await retry.click();
    await dialog.getByRole('button', { name: 'Retry job' }).click();
    await expect(notifications(page)).toContainText('The send-order-email job will run again shortly.');
    expect(retried).toEqual(['41']);
    await expect(page.getByText('1 failed job, most recent first.')).toBeVisible();
    await expect(page.getByText('Shipping notice for order 7f3a…')).toHaveCount(0);
  });
});
