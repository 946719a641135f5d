import { expect } from '@playwright/test';
import { test } from './support/test.ts';

test('/blogs shows six questions, one of them not answered yet', async ({ page }) => {
  await page.goto('/blogs');
  const entries = page.getByRole('main').getByRole('article');
  await expect(entries).toHaveCount(6);
  await expect(entries.getByText('Not answered yet')).toHaveCount(1);
  for (const entry of await entries.all()) {
    await expect(entry.getByRole('heading', { level: 2 })).toHaveText(/\?$/);
  }
  const unanswered = entries.filter({ hasText: 'Not answered yet' });
  await expect(unanswered).not.toContainText('With TanStack Query');
});

test('/portfolio shows the developer’s CV card', async ({ page }) => {
  await page.goto('/portfolio');
  const card = page.getByRole('main').getByRole('article');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Alex Morgan');
  await expect(card.getByRole('link', { name: 'alex.morgan@joinery.example' })).toHaveAttribute('href', 'mailto:alex.morgan@joinery.example');
  await expect(card.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveCount(10);
  await expect(card.getByRole('region', { name: 'Education' })).toContainText('B.Sc. Computer Science');
  await expect(card.getByRole('region', { name: 'Projects' })).toContainText('Joinery web shop');
});
