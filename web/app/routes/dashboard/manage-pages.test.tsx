import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { richTextMessages } from '../../../../common/rich-text.ts';
import type { ApiError } from '../../../../common/schemas/errors.ts';
import type { EditableShopPage, ShopPageEditor } from '../../../../common/schemas/shop-pages.ts';
import { withoutRightMessage } from '../../../../common/staff-roles.ts';
import { admin, signedInAs, staffMember } from '../../../test/fixtures.ts';
import { heldReply, stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const page = (slug: EditableShopPage['slug'], title: string, body: string, version = 1): EditableShopPage => ({
  slug,
  title,
  body,
  version,
  publishedAt: '2026-11-27T09:30:00.000Z',
});

const editor: ShopPageEditor = {
  pages: [
    page('terms', 'Terms of sale', 'These terms apply to every order.', 3),
    page('privacy', 'Privacy notice', 'We keep little.'),
    page('returns', 'Returns policy', '## How long you have\nYou may return pieces within {return window} of delivery.'),
    page('shipping', 'Shipping information', 'We ship from Portland.'),
    page('about', 'About us', 'We make tools.'),
  ],
  placeholders: { returnWindow: '30 days' },
};

const preview = () => within(screen.getByRole('region', { name: 'Preview' }));

describe('the Pages page', () => {
  it('lists the five pages with their version, and opens the editor of each', async () => {
    stubServer({ ...signedInAs(admin), 'GET /api/pages': { body: editor } });
    const router = renderApp('/dashboard/pages');
    const table = await screen.findByRole('table', { name: 'The shop’s pages' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Terms of sale/pages/terms',
      'Privacy notice/pages/privacy',
      'Returns policy/pages/returns',
      'Shipping information/pages/shipping',
      'About us/pages/about',
    ]);
    expect(within(rows[0]!).getAllByRole('cell')[2]?.textContent).toMatch(/3$/);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Edit Returns policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit: Returns policy' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/pages/returns');
  });

  it('is refused to a role without the content right, as the server would', async () => {
    stubServer({ ...signedInAs(staffMember('fulfilment')), 'GET /api/pages': { body: editor } });
    renderApp('/dashboard/pages/terms');
    expect(await screen.findByText(withoutRightMessage('fulfilment', 'content'))).toBeTruthy();
  });
});

describe('the editor of a page', () => {
  it('previews the text as it is typed, with the return window filled in, and tells the editor about the placeholder', async () => {
    stubServer({ ...signedInAs(admin), 'GET /api/pages': { body: editor } });
    renderApp('/dashboard/pages/returns');
    const text = await screen.findByLabelText('Text');
    expect(preview().getByRole('heading', { level: 2, name: 'Returns policy' })).toBeTruthy();
    expect(preview().getByRole('heading', { level: 2, name: 'How long you have' })).toBeTruthy();
    expect(preview().getByText('You may return pieces within 30 days of delivery.')).toBeTruthy();
    expect(screen.getByText('{return window}').closest('p')?.textContent).toContain('it reads as 30 days now');

    const user = userEvent.setup();
    await user.clear(text);
    // `[` starts a key descriptor in user-event: doubled, it types itself.
    await user.type(text, '### Refunds{Enter}- **Fast**, to your card{Enter}- See [[the terms](/pages/terms)');
    expect(preview().getByRole('heading', { level: 3, name: 'Refunds' })).toBeTruthy();
    expect(preview().getByText('Fast').tagName).toBe('STRONG');
    expect(preview().getByRole('link', { name: 'the terms' }).getAttribute('href')).toBe('/pages/terms');
  });

  it('names every problem of the text as it is typed, and does not publish until they are fixed', async () => {
    const server = stubServer({ ...signedInAs(admin), 'GET /api/pages': { body: editor } });
    renderApp('/dashboard/pages/terms');
    const text = await screen.findByLabelText('Text');
    const user = userEvent.setup();
    await user.type(text, '{Enter}{Enter}Read [[this](javascript:alert(1)).');
    const problems = await screen.findByRole('status', { name: 'To fix before publishing' });
    expect(within(problems).getByText(richTextMessages.link)).toBeTruthy();
    // The unsafe link is text in the preview, never a link.
    expect(preview().queryByRole('link', { name: 'this' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(richTextMessages.link, { selector: '[id$="-error"]' })).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('publishes the title and text, says so, and shows the new version', async () => {
    let current = editor;
    const server = stubServer({
      ...signedInAs(admin),
      'GET /api/pages': () => ({ body: current }),
      'PUT /api/pages/terms': ({ body }) => {
        const saved = { ...page('terms', '', '', 4), ...(body as { title: string; body: string }) };
        current = { ...editor, pages: [saved, ...editor.pages.slice(1)] };
        return { body: saved };
      },
    });
    renderApp('/dashboard/pages/terms');
    const title = await screen.findByLabelText('Title');
    const user = userEvent.setup();
    await user.clear(title);
    await user.type(title, 'Terms and conditions of sale');
    await user.type(screen.getByLabelText('Text'), ' Prices are in US dollars.');
    expect(screen.getByText('Version 3 is published now; publishing makes version 4.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Terms of sale published as version 4.')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      title: 'Terms and conditions of sale',
      body: 'These terms apply to every order. Prices are in US dollars.',
    });
    expect(await screen.findByText('Version 4 is published now; publishing makes version 5.')).toBeTruthy();
  });

  it('keeps everything typed when the publish fails, with the server’s reason', async () => {
    const refusal: ApiError = { code: 'VALIDATION_FAILED', message: 'Invalid request. title: A title is at most 120 characters' };
    const failing = heldReply({ status: 400, body: refusal });
    stubServer({ ...signedInAs(admin), 'GET /api/pages': { body: editor }, 'PUT /api/pages/about': failing.answer });
    renderApp('/dashboard/pages/about');
    const text = await screen.findByLabelText('Text');
    const user = userEvent.setup();
    await user.type(text, '{Enter}{Enter}## Visit us{Enter}Unit 4, Millrace Yard.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    failing.release();
    expect(await screen.findByText('A title is at most 120 characters', { selector: '[id$="-error"]' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Text').value).toBe('We make tools.\n\n## Visit us\nUnit 4, Millrace Yard.');
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('About us');
    expect(screen.queryByText(/published as version/)).toBeNull();
  });
});
