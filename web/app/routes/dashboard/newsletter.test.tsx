import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Campaign, campaignMessages } from '../../../../common/schemas/newsletter-campaigns.ts';
import { admin, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const draft = (fields: Partial<Campaign> = {}): Campaign => ({
  _id: 'c-1',
  subject: 'Spring in the workshop',
  body: '## New chisels\n\nBack in stock.',
  state: 'draft',
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  scheduledAt: null,
  startedAt: null,
  recipients: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  unsubscribed: 0,
  ...fields,
});

const page = (campaigns: Campaign[]) => ({ body: campaigns, headers: { 'x-total-count': String(campaigns.length) } });
const noProducts = { 'GET /api/products': { body: [], headers: { 'x-total-count': '0' } } };

describe('the Newsletter page', () => {
  it('keeps everything typed when a save is refused, and shows why under the field or above the buttons', async () => {
    let refusal = { status: 400, body: { code: 'VALIDATION_FAILED', message: `Invalid request. body: ${campaignMessages.noProduct('old-saw')}` } };
    const server = stubServer({
      ...signedInAs(admin),
      ...noProducts,
      'GET /api/newsletter/campaigns': page([]),
      'POST /api/newsletter/campaigns': () => refusal,
    });
    renderApp('/dashboard/newsletter');
    const user = userEvent.setup();
    expect(await screen.findByText('No campaigns yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New campaign' }));
    const form = within(screen.getByRole('form', { name: 'New campaign' }));
    await user.type(form.getByLabelText('Subject'), 'Spring');
    await user.type(form.getByLabelText('Text'), 'Hello{Enter}{Enter}[[[[product:old-saw]]');
    await user.click(form.getByRole('button', { name: 'Save draft' }));
    expect(await form.findByText(campaignMessages.noProduct('old-saw'))).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>('Subject').value).toBe('Spring');
    expect(form.getByLabelText<HTMLTextAreaElement>('Text').value).toBe('Hello\n\n[[product:old-saw]]');

    refusal = { status: 503, body: { code: 'UNAVAILABLE', message: 'The shop is busy.' } };
    await user.clear(form.getByLabelText('Text'));
    await user.type(form.getByLabelText('Text'), 'Just words');
    await user.click(form.getByRole('button', { name: 'Save draft' }));
    expect((await form.findByRole('alert')).textContent).toContain('Everything you typed is still here.');
    expect(form.getByLabelText<HTMLTextAreaElement>('Text').value).toBe('Just words');
    expect(server.calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ subject: 'Spring', body: 'Just words' });
  });

  it('asks before sending, naming how many confirmed subscribers it goes to, then sends', async () => {
    const server = stubServer({
      ...signedInAs(admin),
      ...noProducts,
      'GET /api/newsletter/campaigns': page([draft()]),
      'GET /api/newsletter/campaigns/c-1': { body: draft() },
      'GET /api/newsletter/audience': { body: { confirmedSubscribers: 1234 } },
      'POST /api/newsletter/campaigns/c-1/send': { status: 202, body: draft({ state: 'sending', recipients: 1234, startedAt: '2026-11-20T13:00:00.000Z' }) },
    });
    renderApp('/dashboard/newsletter');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Spring in the workshop' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Spring in the workshop' }));
    await user.click(form.getByRole('button', { name: 'Send now' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send “Spring in the workshop” now?' }));
    expect(await dialog.findByText('1234 confirmed subscribers')).toBeTruthy();
    // Nothing changed: the draft is sent as saved, with no save first.
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Sending to 1234 subscribers.')).toBeTruthy();
    expect(server.calls.find((call) => call.path === '/api/newsletter/campaigns/c-1/send')?.body).toEqual({});
    expect(await screen.findByRole('region', { name: 'Spring in the workshop' })).toBeTruthy();
  });

  it('saves a changed draft before sending it, so that what goes out is what is on the screen', async () => {
    const server = stubServer({
      ...signedInAs(admin),
      ...noProducts,
      'GET /api/newsletter/campaigns': page([draft()]),
      'GET /api/newsletter/campaigns/c-1': { body: draft() },
      'PUT /api/newsletter/campaigns/c-1': ({ body }) => ({ body: draft({ ...(body as Partial<Campaign>), updatedAt: '2026-11-20T12:30:00.000Z' }) }),
      'GET /api/newsletter/audience': { body: { confirmedSubscribers: 1 } },
    });
    renderApp('/dashboard/newsletter');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Spring in the workshop' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Spring in the workshop' }));
    await user.type(form.getByLabelText('Text'), ' Now with ash handles.');
    await user.click(form.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByRole('dialog', { name: 'Send “Spring in the workshop” now?' })).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({ subject: 'Spring in the workshop', body: '## New chisels\n\nBack in stock. Now with ash handles.' });
  });

  it('says how many readers had left the list when a sent campaign went to fewer than it counted', async () => {
    const sent = draft({ state: 'sent', recipients: 3, sent: 2, skipped: 1, startedAt: '2026-11-20T13:00:00.000Z' });
    stubServer({
      ...signedInAs(admin),
      ...noProducts,
      'GET /api/newsletter/campaigns': page([sent, draft({ _id: 'c-2', subject: 'All went', state: 'sent', recipients: 2, sent: 2 })]),
    });
    renderApp('/dashboard/newsletter');
    const figures = await screen.findByLabelText('Figures of Spring in the workshop');
    expect(figures.textContent).toContain('2 / 3');
    expect(figures.textContent).toContain('1 had left the list');
    expect(screen.getByLabelText('Figures of All went').textContent).not.toContain('had left the list');
  });
});
