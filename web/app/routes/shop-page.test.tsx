import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublishedShopPage } from '../../../common/schemas/shop-pages.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { stubServer } from '../../test/network.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const terms: PublishedShopPage = {
  slug: 'terms',
  title: 'Terms of sale',
  body: 'These terms apply to every order.\n\n## Returns\nWithin 30 days, as our [returns policy](/pages/returns) says.\n\n<script>alert(1)</script>',
  description: 'These terms apply to every order.',
  version: 3,
  publishedAt: '2026-11-27T09:30:00.000Z',
};

describe('a page the owner writes', () => {
  it('opens from the footer’s Terms of sale, with its headings, links and the day it was published, and nothing typed runs', async () => {
    stubServer({ ...signedInAs(null), 'GET /api/pages/terms': { body: terms } });
    const router = renderApp('/blogs');
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Joinery', '/'],
      ['Shipping information', '/pages/shipping'],
      ['Returns policy', '/pages/returns'],
      ['About us', '/pages/about'],
      ['Our tools', '/products'],
      ['Terms of sale', '/pages/terms'],
      ['Privacy notice', '/pages/privacy'],
    ]);
    await userEvent.setup().click(footer.getByRole('link', { name: 'Terms of sale' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of sale' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/terms');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('heading', { level: 2, name: 'Returns' })).toBeTruthy();
    expect(main.getByRole('link', { name: 'returns policy' }).getAttribute('href')).toBe('/pages/returns');
    expect(main.getByText('Last updated Nov 27, 2026 · version 3')).toBeTruthy();
    expect(main.getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(document.querySelector('main script')).toBeNull();
  });

  it('is the not-found page at an address that names no page', async () => {
    stubServer({ ...signedInAs(null) });
    renderApp('/pages/cookie-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
