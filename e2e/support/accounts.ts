import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test } from './test.ts';
import { e2eAdmin } from '../../playwright.config.ts';

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The header's links sit behind the menu button on a phone. */
export async function openMenuOnPhone(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
}

let counter = 0;

/** An address no other test (or earlier run on the same data) has used. */
export function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@mail.example.co.uk`;
}

export interface Customer {
  name: string;
  email: string;
  password: string;
}

/** Creates an account through the register page, as a person would; the page lands on / signed in. */
export async function registerThroughForm(page: Page, name = 'Ada Joiner'): Promise<Customer> {
  const customer = newCustomer(name);
  await page.goto('/register');
  await page.getByLabel('Name').fill(customer.name);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL('/');
  await expectSignedIn(page);
  return customer;
}

/**
 * Creates an account with the register page's own call, in the page's browser context, and opens /
 * signed in. The register form itself is tested in accounts.spec.ts; the other tests only need an
 * account, and a page load fewer each keeps the browser suite inside CI's time.
 */
export async function registerCustomer(page: Page, name = 'Ada Joiner'): Promise<Customer> {
  const customer = newCustomer(name);
  await signInThroughApi(page, customer, '/api/auth/sign-up/email');
  await page.goto('/');
  return customer;
}

/** Signs the page's browser context in with the login page's own call, without loading the page. */
export async function signInThroughApi(page: Page, account: { email: string; password: string; name?: string }, path = '/api/auth/sign-in/email') {
  // The shop refuses a sign-in without its own origin, as a browser's form call carries it.
  const res = await page.request.post(path, { data: account, headers: { origin: test.info().project.use.baseURL ?? '' } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs the page's context in as the shop's admin and opens `path`, skipping the login page. */
export async function openAsAdmin(page: Page, path: string) {
  await signInThroughApi(page, e2eAdmin);
  await page.goto(path);
}

function newCustomer(name: string): Customer {
  return { name, email: uniqueEmail(name.split(' ')[0]!.toLowerCase()), password: 'dovetail-joint-1' };
}

/** Fills and sends the login form (waiting for the login page, when a click is still on its way there). */
export async function logIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
}

export async function expectSignedIn(page: Page) {
  await openMenuOnPhone(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'LOG OUT' })).toBeVisible();
  if (isPhone(page)) await page.getByRole('button', { name: 'Close menu' }).click();
}

/** The last text message the shop's log sender wrote to `to`, from the outbox in its data folder. */
export async function lastTextTo(to: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'sms-outbox.jsonl');
  let body: string | undefined;
  await expect
    .poll(() => {
      const lines = fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8').trim().split('\n') : [];
      body = lines
        .map((line) => JSON.parse(line) as { to: string; body: string })
        .filter((message) => message.to === to)
        .at(-1)?.body;
      return body;
    })
    .toBeTruthy();
  return body!;
}
