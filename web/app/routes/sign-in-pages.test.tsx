import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '../../../common/schemas/users.ts';
import { customer, signedInAs } from '../../test/fixtures.ts';
import { stubServer } from '../../test/network.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const where = (router: ReturnType<typeof renderApp>) => router.state.location.pathname + router.state.location.search;

describe('a person already signed in who opens a sign-in page', () => {
  it.each(['/login', '/register', '/phoneLogin'])('goes from %s to their dashboard instead of its form', async (page) => {
    stubServer({ ...signedInAs(customer), [`GET /api/orders/${customer.email}`]: { body: [], headers: { 'x-total-count': '0' } } });
    const router = renderApp(page);
    await waitFor(() => expect(where(router)).toBe('/dashboard'));
    expect(screen.queryByRole('button', { name: /^(Log in|Register|REGISTER)$/ })).toBeNull();
  });

  it('goes on to the page they were going to', async () => {
    stubServer({ ...signedInAs(customer), 'GET /api/products': { body: [], headers: { 'x-total-count': '0' } } });
    const router = renderApp('/login?returnTo=%2Fproducts%3Fsort%3Dprice_asc');
    await waitFor(() => expect(where(router)).toBe('/products?sort=price_asc'));
  });

  it('never to another site', async () => {
    stubServer({ ...signedInAs(customer), [`GET /api/orders/${customer.email}`]: { body: [], headers: { 'x-total-count': '0' } } });
    const router = renderApp('/register?returnTo=%2F%2Fevil.example');
    await waitFor(() => expect(where(router)).toBe('/dashboard'));
  });
});

describe('a signed-out person on the sign-in pages', () => {
  it('keeps the page to come back to when going from one sign-in page to another', async () => {
    stubServer(signedInAs(null));
    const router = renderApp('/login?returnTo=%2Fpurchase%2Fp-gauge');
    await userEvent.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(where(router)).toBe('/register?returnTo=%2Fpurchase%2Fp-gauge');
    // The header's LOG IN, too, leads back there rather than to this page.
    expect(screen.getByRole('link', { name: 'LOG IN' }).getAttribute('href')).toBe('/login?returnTo=%2Fpurchase%2Fp-gauge');

    await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(where(router)).toBe('/login?returnTo=%2Fpurchase%2Fp-gauge');
    expect(screen.getByRole('link', { name: 'Continue with Phone' }).getAttribute('href')).toBe('/phoneLogin?returnTo=%2Fpurchase%2Fp-gauge');
  });

  it('is sent home after logging in without a page to come back to, not to the dashboard', async () => {
    let viewer: Viewer | null = null;
    stubServer({
      'GET /api/session': () => ({ body: { user: viewer } }),
      'POST /api/auth/sign-in/email': () => {
        viewer = customer;
        return { body: { redirect: false } };
      },
      'GET /api/products': { body: [], headers: { 'x-total-count': '0' } },
      'GET /api/reviews': { body: [], headers: { 'x-total-count': '0' } },
    });
    const router = renderApp('/login');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), customer.email);
    await user.type(screen.getByLabelText('Password'), 'dovetail-joint-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(where(router)).toBe('/'));
    // Once the header knows them (LOG OUT), the sign-in page has seen the session too: had it sent
    // them on to the dashboard, it would have done so by now.
    expect(await screen.findByRole('button', { name: 'LOG OUT' })).toBeTruthy();
    expect(where(router)).toBe('/');
    expect(visited).not.toContain('/dashboard');
  });

  it('is sent on to the page they were going to after creating an account', async () => {
    let viewer: Viewer | null = null;
    stubServer({
      'GET /api/session': () => ({ body: { user: viewer } }),
      'POST /api/auth/sign-up/email': () => {
        viewer = customer;
        return { body: { token: null, user: {} } };
      },
      'GET /api/products': { body: [], headers: { 'x-total-count': '0' } },
    });
    const router = renderApp('/register?returnTo=%2Fproducts');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), customer.name);
    await user.type(screen.getByLabelText('Email'), customer.email);
    await user.type(screen.getByLabelText('Password'), 'dovetail-joint-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(where(router)).toBe('/products'));
  });
});

describe('a sign-in the shop has not set up', () => {
  it('is not offered: only the providers set up have a button', async () => {
    stubServer({ ...signedInAs(null), 'GET /api/sign-in-options': { body: { google: true, facebook: false, captcha: null } } });
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue with Phone' })).toBeTruthy();
  });

  it('leaves the register page without a Google button, or an "or" before nothing, when Google is not set up', async () => {
    stubServer({ ...signedInAs(null), 'GET /api/sign-in-options': { body: { google: false, facebook: false, captcha: null } } });
    renderApp('/register');
    expect(await screen.findByRole('button', { name: 'Register' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('or')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });
});
