import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productMessages } from '../../../../common/shop-management.ts';
import { categoryAnswers } from '../../../test/categories.ts';
import { admin, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Fills the fields every product needs, with one picture by its address. */
async function fillProduct(form: ReturnType<typeof within>, user: ReturnType<typeof userEvent.setup>) {
  await user.type(form.getByLabelText('Name'), 'Panel Saw');
  await form.findByRole('option', { name: 'Saws' });
  await user.selectOptions(form.getByLabelText('Category'), 'saws');
  await user.type(form.getByLabelText('Price (USD)'), '64');
  await user.type(form.getByLabelText('Available quantity'), '40');
  await user.type(form.getByLabelText('Minimum order'), '1');
  await user.type(form.getByLabelText('Add a picture by its address'), 'https://pictures.example/panel-saw.webp');
  await user.click(form.getByRole('button', { name: 'Add' }));
  await user.type(form.getByLabelText('Description'), 'A ten-point panel saw for crosscuts.');
}

const created = ({ body }: { body: unknown }) => ({ status: 201, body: { ...(body as object), _id: 'p-new', insertedId: 'p-new' } });

describe('the product form’s weight and size', () => {
  it('sends the weight in grams and the sizes given, leaving out those left blank', async () => {
    const server = stubServer({ ...signedInAs(admin), ...categoryAnswers, 'POST /api/products': created });
    renderApp('/dashboard/addProduct');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Add product' }));
    await fillProduct(form, user);
    await user.type(form.getByLabelText('Weight (g)'), '1200');
    await user.type(form.getByLabelText('Length (mm)'), '650');
    await user.type(form.getByLabelText('Height (mm)'), '40');
    await user.click(form.getByRole('button', { name: 'Add Product' }));

    await screen.findByText(productMessages.added);
    const body = server.calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Panel Saw', weightGrams: 1200, lengthMm: 650, heightMm: 40 });
    expect(body).not.toHaveProperty('widthMm');
  });

  it('counts a blank weight as none (0), and refuses a weight or size that is not whole', async () => {
    const server = stubServer({ ...signedInAs(admin), ...categoryAnswers, 'POST /api/products': created });
    renderApp('/dashboard/addProduct');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Add product' }));
    await fillProduct(form, user);
    await user.type(form.getByLabelText('Weight (g)'), '12.5');
    await user.type(form.getByLabelText('Width (mm)'), '0');
    await user.click(form.getByRole('button', { name: 'Add Product' }));
    expect(await form.findByText(productMessages.weightInvalid)).toBeTruthy();
    expect(form.getByText(productMessages.dimensionInvalid)).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(form.getByLabelText('Weight (g)'));
    await user.clear(form.getByLabelText('Width (mm)'));
    await user.click(form.getByRole('button', { name: 'Add Product' }));
    await screen.findByText(productMessages.added);
    expect(server.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ weightGrams: 0 });
  });
});
