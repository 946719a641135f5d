import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewReplyMessages } from '../../../../common/review-replies.ts';
import type { StaffReview } from '../../../../common/schemas/reviews.ts';
import { withoutRightMessage } from '../../../../common/staff-roles.ts';
import { admin, signedInAs, staffMember } from '../../../test/fixtures.ts';
import { type Call, stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const shown: StaffReview = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Rita Reviewer',
  email: 'r•••@example.com',
  review: 'Good gauge, the pin could be sharper.',
  ratings: 4,
  productId: '00000000-0000-4000-8000-0000000000aa',
  productName: 'Marking gauge',
  verifiedBuyer: true,
  createdAt: '2026-11-20T09:00:00.000Z',
  hiddenAt: null,
};
const hidden: StaffReview = {
  ...shown,
  _id: '00000000-0000-4000-8000-000000000002',
  name: 'Harry Hidden',
  review: 'Rude words.',
  ratings: 1,
  productId: null,
  productName: null,
  verifiedBuyer: false,
  hiddenAt: '2026-11-21T10:00:00.000Z',
};
const answered: StaffReview = { ...shown, reply: { text: 'Thank you, Rita.', repliedAt: '2026-11-22T08:00:00.000Z' } };

const page = (items: StaffReview[], total = items.length) => ({ body: items, headers: { 'x-total-count': String(total) } });
const listed = () => screen.findByRole('list', { name: 'Reviews' });
const article = (name: string) => within(screen.getByRole('article', { name: `Review by ${name}` }));
const toasts = () => within(screen.getByRole('status', { name: 'Notifications' }));

describe('the Reviews page', () => {
  it('lists every review, hidden ones marked, with its product, and offers a reply only to shown ones', async () => {
    stubServer({ ...signedInAs(admin), 'GET /api/reviews/manage': page([answered, hidden]) });
    renderApp('/dashboard/reviews');
    await listed();
    expect(screen.getByRole('link', { name: 'Reviews' }).getAttribute('href')).toBe('/dashboard/reviews');
    expect(screen.getByText('2 reviews, newest first.')).toBeTruthy();
    const rita = article('Rita Reviewer');
    expect(rita.getByRole('link', { name: 'Marking gauge' }).getAttribute('href')).toBe(`/products/${shown.productId}`);
    expect(rita.getByRole('note', { name: 'Reply from Joinery' }).textContent).toContain('Thank you, Rita.');
    expect(rita.getByRole('button', { name: 'Edit the reply to Rita Reviewer' })).toBeTruthy();
    expect(rita.queryByText('Hidden')).toBeNull();
    const harry = article('Harry Hidden');
    expect(harry.getByText('Hidden')).toBeTruthy();
    expect(harry.getByText('About the shop')).toBeTruthy();
    expect(harry.getByRole('button', { name: 'Show the review by Harry Hidden' })).toBeTruthy();
    expect(harry.queryByRole('button', { name: /Reply/ })).toBeNull();
  });

  it('hides a review, says so in a toast and reads the list again', async () => {
    let current = [shown];
    const server = stubServer({
      ...signedInAs(admin),
      'GET /api/reviews/manage': () => page(current),
      [`PATCH /api/reviews/${shown._id}`]: ({ body }) => {
        current = [{ ...shown, hiddenAt: (body as { hidden: boolean }).hidden ? '2026-11-23T10:00:00.000Z' : null }];
        return { body: current[0] };
      },
    });
    renderApp('/dashboard/reviews');
    await listed();
    await userEvent.setup().click(article('Rita Reviewer').getByRole('button', { name: 'Hide the review by Rita Reviewer' }));
    expect(await toasts().findByText(reviewReplyMessages.hidden)).toBeTruthy();
    expect(server.calls.find((call: Call) => call.method === 'PATCH')?.body).toEqual({ hidden: true });
    expect(await screen.findByRole('button', { name: 'Show the review by Rita Reviewer' })).toBeTruthy();
    expect(article('Rita Reviewer').getByText('Hidden')).toBeTruthy();
  });

  it('shows a refused hide as an error toast', async () => {
    stubServer({
      ...signedInAs(admin),
      'GET /api/reviews/manage': page([shown]),
      [`PATCH /api/reviews/${shown._id}`]: { status: 404, body: { code: 'NOT_FOUND', message: 'No review has that id.' } },
    });
    renderApp('/dashboard/reviews');
    await listed();
    await userEvent.setup().click(article('Rita Reviewer').getByRole('button', { name: 'Hide the review by Rita Reviewer' }));
    expect(await toasts().findByText('No review has that id.')).toBeTruthy();
  });

  it('checks the reply with the server’s schema, sends it, toasts and shows it under the review', async () => {
    let current = [shown];
    const server = stubServer({
      ...signedInAs(admin),
      'GET /api/reviews/manage': () => page(current),
      [`POST /api/reviews/${shown._id}/reply`]: ({ body }) => {
        current = [{ ...shown, reply: { text: (body as { text: string }).text, repliedAt: '2026-11-23T10:00:00.000Z' } }];
        return { body: current[0] };
      },
    });
    renderApp('/dashboard/reviews');
    await listed();
    const user = userEvent.setup();
    await user.click(article('Rita Reviewer').getByRole('button', { name: 'Reply to Rita Reviewer' }));
    const form = within(screen.getByRole('form', { name: 'Reply to Rita Reviewer' }));
    await user.click(form.getByRole('button', { name: 'Publish reply' }));
    expect(await form.findByText(reviewReplyMessages.textRequired)).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(form.getByLabelText('Your reply'), 'Thank you, Rita: finer pins since May.');
    await user.click(form.getByRole('button', { name: 'Publish reply' }));
    expect(await toasts().findByText(reviewReplyMessages.replied)).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'Thank you, Rita: finer pins since May.' });
    expect(screen.queryByRole('form', { name: 'Reply to Rita Reviewer' })).toBeNull();
    expect((await screen.findByRole('note', { name: 'Reply from Joinery' })).textContent).toContain('Thank you, Rita: finer pins since May.');
  });

  it('keeps what was typed and says why when the server refuses the reply', async () => {
    stubServer({
      ...signedInAs(admin),
      'GET /api/reviews/manage': page([answered]),
      [`POST /api/reviews/${shown._id}/reply`]: { status: 409, body: { code: 'CONFLICT', message: reviewReplyMessages.hiddenCannotBeAnswered } },
    });
    renderApp('/dashboard/reviews');
    await listed();
    const user = userEvent.setup();
    await user.click(article('Rita Reviewer').getByRole('button', { name: 'Edit the reply to Rita Reviewer' }));
    const form = within(screen.getByRole('form', { name: 'Reply to Rita Reviewer' }));
    const box = form.getByLabelText<HTMLTextAreaElement>('Edit the reply');
    expect(box.value).toBe('Thank you, Rita.');
    await user.type(box, ' Again.');
    await user.click(form.getByRole('button', { name: 'Save reply' }));
    expect((await form.findByRole('alert')).textContent).toBe(reviewReplyMessages.hiddenCannotBeAnswered);
    expect(box.value).toBe('Thank you, Rita. Again.');
  });

  it('pages the reviews, ten at a time', async () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ ...shown, _id: `00000000-0000-4000-8000-1000000000${String(index).padStart(2, '0')}`, name: `Writer ${index}` }));
    const server = stubServer({
      ...signedInAs(admin),
      'GET /api/reviews/manage': ({ query }) => page(many.slice(Number(query.get('offset')), Number(query.get('offset')) + Number(query.get('limit'))), many.length),
    });
    renderApp('/dashboard/reviews');
    await listed();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    await userEvent.setup().click(within(screen.getByRole('navigation', { name: 'Pages of reviews' })).getByRole('button', { name: 'Next →' }));
    expect(await screen.findByRole('article', { name: 'Review by Writer 11' })).toBeTruthy();
    expect(server.calls.at(-1)?.query.get('offset')).toBe('10');
  });

  it('says when there are no reviews', async () => {
    stubServer({ ...signedInAs(admin), 'GET /api/reviews/manage': page([]) });
    renderApp('/dashboard/reviews');
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
  });

  it('says when the reviews cannot be loaded', async () => {
    // A refusal, which is not asked again (a server error is, three times, with back-off).
    stubServer({ ...signedInAs(admin), 'GET /api/reviews/manage': { status: 403, body: { code: 'FORBIDDEN', message: 'Your role does not let you write the shop’s pages.' } } });
    renderApp('/dashboard/reviews');
    expect(await screen.findByText('We could not load the reviews')).toBeTruthy();
    expect(screen.getByText('Your role does not let you write the shop’s pages.')).toBeTruthy();
  });

  it('is in the menu of roles with the content right only, and opens for no other', async () => {
    stubServer({ ...signedInAs(staffMember('support')), 'GET /api/reviews/manage': page([shown]) });
    renderApp('/dashboard/reviews');
    expect(await screen.findByText(withoutRightMessage('support', 'content'))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Reviews' })).toBeNull();
  });
});
