import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listCursor } from '../../../../common/pagination.ts';
import type { NewsletterSubscriber } from '../../../../common/schemas/inbox.ts';
import { admin, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

/** 25 subscribers a minute apart, newest first, as the server lists them. */
const subscribers: NewsletterSubscriber[] = Array.from({ length: 25 }, (_, index) => ({
  _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  email: `reader${index}@example.com`,
  createdAt: new Date(Date.UTC(2026, 10, 20, 12) - index * 60_000).toISOString(),
}));

describe('the newsletter subscribers tab', () => {
  it('steps to the older page after the last subscriber shown, and back', async () => {
    const server = stubServer({
      ...signedInAs(admin),
      'GET /api/contact-messages': { body: [], headers: { 'x-total-count': '0' } },
      'GET /api/newsletter-subscribers': ({ query }) => {
        const after = query.get('after');
        const start = after ? subscribers.findIndex((subscriber) => listCursor(subscriber) === after) + 1 : 0;
        return { body: subscribers.slice(start, start + 20), headers: { 'x-total-count': String(subscribers.length) } };
      },
    });
    renderApp('/dashboard/messages');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Newsletter subscribers' }));
    expect(await screen.findByText('reader0@example.com')).toBeTruthy();
    const pager = () => within(screen.getByRole('navigation', { name: 'Subscriber pages' }));
    expect(pager().getByText('Page 1 of 2')).toBeTruthy();

    await user.click(pager().getByRole('button', { name: 'Older →' }));
    expect(await screen.findByText('reader20@example.com')).toBeTruthy();
    expect(server.calls.at(-1)?.query.get('after')).toBe(listCursor(subscribers[19]!));
    expect(pager().getByText('Page 2 of 2')).toBeTruthy();
    expect(pager().getByRole<HTMLButtonElement>('button', { name: 'Older →' }).disabled).toBe(true);

    await user.click(pager().getByRole('button', { name: '← Newer' }));
    // The first page again (already read, so not asked for twice).
    expect(await screen.findByText('reader0@example.com')).toBeTruthy();
    expect(pager().getByText('Page 1 of 2')).toBeTruthy();
  });
});
