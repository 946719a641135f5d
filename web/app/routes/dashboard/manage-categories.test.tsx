import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryMessages } from '../../../../common/categories.ts';
import type { Category } from '../../../../common/schemas/categories.ts';
import type { ApiError } from '../../../../common/schemas/errors.ts';
import { seededCategories } from '../../../test/categories.ts';
import { admin, customer, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const withCounts = seededCategories.map((category) => ({ ...category, productCount: category.slug === 'chisels' ? 3 : 0 }));

/** A server whose categories change as the admin's calls change them. */
function categoryServer(refuseDelete?: ApiError) {
  let categories: Category[] = [...withCounts];
  return stubServer({
    ...signedInAs(admin),
    'GET /api/categories': () => ({ body: categories }),
    'POST /api/categories': ({ body }) => {
      const input = body as { name: string; description: string; parentSlug: string | null };
      const made: Category = { slug: input.name.toLowerCase().replace(/\W+/g, '-'), ...input, position: categories.length, productCount: 0 };
      categories = [...categories, made];
      return { status: 201, body: made };
    },
    'PUT /api/categories/clamps': ({ body }) => {
      const changes = body as Partial<Category>;
      categories = categories.map((category) => (category.slug === 'clamps' ? { ...category, ...changes } : category));
      return { body: categories.find((category) => category.slug === 'clamps') };
    },
    'DELETE /api/categories/chisels': () => (refuseDelete ? { status: 409, body: refuseDelete } : { body: { deletedCount: 1 } }),
  });
}

describe('the Manage Categories page', () => {
  it('is in the admin’s dashboard menu, and lists the categories with the tools shown in each', async () => {
    categoryServer();
    renderApp('/dashboard/categories');
    expect(await screen.findByRole('link', { name: 'Manage Categories' })).toBeTruthy();
    const list = within(await screen.findByRole('list', { name: 'Categories' }));
    expect(list.getAllByRole('listitem')).toHaveLength(seededCategories.length);
    expect(within(list.getByRole('listitem', { name: 'Chisels' })).getByText('/chisels · 3 tools shown')).toBeTruthy();
    // The first cannot move up, the last cannot move down.
    expect(list.getByRole<HTMLButtonElement>('button', { name: 'Move up: Chisels' }).disabled).toBe(true);
    expect(list.getByRole<HTMLButtonElement>('button', { name: 'Move down: Other tools' }).disabled).toBe(true);
  });

  it('adds a category from the form, under a top-level one, and checks the name before sending', async () => {
    const server = categoryServer();
    renderApp('/dashboard/categories');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'New category' }));
    await user.click(form.getByRole('button', { name: 'Add category' }));
    expect(await form.findByText(categoryMessages.nameRequired)).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(form.getByLabelText('Name'), 'Japanese saws');
    await user.selectOptions(form.getByLabelText('Under'), 'Saws');
    await user.type(form.getByLabelText('Description'), 'Pull saws: ryoba, dozuki and kataba.');
    await user.click(form.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText(categoryMessages.created('Japanese saws'))).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Japanese saws', description: 'Pull saws: ryoba, dozuki and kataba.', parentSlug: 'saws' });
    expect(await screen.findByRole('listitem', { name: 'Japanese saws' })).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>('Name').value).toBe('');
  });

  it('renames a category, and moves one up among those beside it', async () => {
    const server = categoryServer();
    renderApp('/dashboard/categories');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit: Clamps' }));
    const form = within(screen.getByRole('form', { name: 'Edit Clamps' }));
    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'Clamps and holdfasts');
    await user.click(form.getByRole('button', { name: 'Save category' }));
    expect(await screen.findByText(categoryMessages.updated('Clamps and holdfasts'))).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Clamps and holdfasts', description: '', parentSlug: null });

    await user.click(await screen.findByRole('button', { name: 'Move up: Clamps and holdfasts' }));
    await vi.waitFor(() => expect(server.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ position: 6 }));
  });

  it('shows the server’s refusal to delete a category that still holds tools, and keeps it', async () => {
    const refusal: ApiError = { code: 'CATEGORY_NOT_EMPTY', message: categoryMessages.notEmpty('Chisels', 3) };
    categoryServer(refusal);
    renderApp('/dashboard/categories');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete: Chisels' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Chisels?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Chisels still holds 3 tools. Move them to another category first.');
    expect(screen.getByRole('listitem', { name: 'Chisels' })).toBeTruthy();
  });

  it('is for admins only', async () => {
    stubServer({ ...signedInAs(customer), 'GET /api/categories': { body: withCounts } });
    renderApp('/dashboard/categories');
    expect(await screen.findByText('My Profile', { selector: 'a' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Manage Categories' })).toBeNull();
  });
});
