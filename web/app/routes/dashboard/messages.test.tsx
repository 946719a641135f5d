import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listCursor } from '../../../../common/pagination.ts';
import type { ContactMessage, NewsletterSubscriber } from '../../../../common/schemas/inbox.ts';
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

/** 14 messages an hour apart, newest first, as the server lists them. */
const messages: ContactMessage[] = Array.from({ length: 14 }, (_, index) => ({
  _id: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `Writer ${index}`,
  email: `writer${index}@example.com`,
  phone: '',
  requirement: `Question number ${index}.`,
  createdAt: new Date(Date.UTC(2026, 10, 20, 12) - index * 3_600_000).toISOString(),
}));

describe('the contact messages tab', () => {
  it('steps to the older page after the last message shown, and to the newer one before the first shown', async () => {
    const server = stubServer({
      ...signedInAs(admin),
      'GET /api/contact-messages': ({ query }) => {
        const limit = Number(query.get('limit'));
        const after = query.get('after');
        const before = query.get('before');
        const at = (cursor: string) => messages.findIndex((message) => listCursor(message) === cursor);
        const body = before ? messages.slice(Math.max(0, at(before) - limit), at(before)) : messages.slice(after ? at(after) + 1 : 0).slice(0, limit);
        return { body, headers: { 'x-total-count': String(messages.length) } };
      },
    });
    renderApp('/dashboard/messages');
    const user = userEvent.setup();
    expect(await screen.findByRole('article', { name: 'Message from Writer 0' })).toBeTruthy();
    const pager = () => within(screen.getByRole('navigation', { name: 'Message pages' }));
    expect(pager().getByText('Page 1 of 2')).toBeTruthy();

    await user.click(pager().getByRole('button', { name: 'Older →' }));
    expect(await screen.findByRole('article', { name: 'Message from Writer 10' })).toBeTruthy();
    expect(server.calls.at(-1)?.query.get('after')).toBe(listCursor(messages[9]!));
    expect(server.calls.at(-1)?.query.get('offset')).toBeNull();
    expect(pager().getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(pager().getByRole<HTMLButtonElement>('button', { name: 'Older →' }).disabled).toBe(true);

    await user.click(pager().getByRole('button', { name: '← Newer' }));
    expect(await screen.findByRole('article', { name: 'Message from Writer 0' })).toBeTruthy();
    expect(pager().getByText('Page 1 of 2')).toBeTruthy();
  });

  it('offers no older page when the total says a full page is the last', async () => {
    stubServer({
      ...signedInAs(admin),
      'GET /api/contact-messages': { body: messages.slice(0, 10), headers: { 'x-total-count': '10' } },
    });
    renderApp('/dashboard/messages');
    expect(await screen.findByRole('article', { name: 'Message from Writer 9' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Message pages' })).toBeNull();
  });
});
