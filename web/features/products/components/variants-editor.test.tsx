import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productMessages } from '../../../../common/shop-management.ts';
import { variantMessages } from '../../../../common/variants.ts';
import { admin, signedInAs } from '../../../test/fixtures.ts';
import { categoryAnswers } from '../../../test/categories.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

type Form = ReturnType<typeof within>;
type User = ReturnType<typeof userEvent.setup>;

const created = ({ body }: { body: unknown }) => ({ status: 201, body: { ...(body as object), _id: 'p-new', insertedId: 'p-new' } });

/** The fields every product needs, but its price and stock, which a product with options has per variant. */
async function fillProduct(form: Form, user: User) {
  await user.type(form.getByLabelText('Name'), 'Joinery Bench Chisel');
  await user.selectOptions(form.getByLabelText('Category'), 'chisels');
  await user.type(form.getByLabelText('Minimum order'), '1');
  await user.type(form.getByLabelText('Add a picture by its address'), 'https://pictures.example/chisel-ash.webp');
  await user.click(form.getByRole('button', { name: 'Add' }));
  await user.type(form.getByLabelText('Add a picture by its address'), 'https://pictures.example/chisel-walnut.webp');
  await user.click(form.getByRole('button', { name: 'Add' }));
  await user.type(form.getByLabelText('Description'), 'A bevel-edge bench chisel in two widths and two woods.');
}

/** Width 6 mm and 10 mm, Handle Ash and Walnut. */
async function addOptions(form: Form, user: User) {
  await user.click(form.getByRole('button', { name: 'Add an option' }));
  await user.type(form.getByLabelText('Option 1 name'), 'Width');
  await user.type(form.getByLabelText('Width values'), '6 mm, 10 mm');
  await user.click(form.getByRole('button', { name: 'Add an option' }));
  await user.type(form.getByLabelText('Option 2 name'), 'Handle');
  await user.type(form.getByLabelText('Handle values'), 'Ash, Walnut');
}

/** The message a cell's input is described by. */
const messageOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

async function openForm() {
  const user = userEvent.setup();
  const form = within(await screen.findByRole('form', { name: 'Add product' }));
  return { user, form };
}

describe('the product form’s options and variants', () => {
  it('makes a row for each combination with a SKU to start from, and sends the ones sold', async () => {
    const server = stubServer({ ...signedInAs(admin), ...categoryAnswers, 'POST /api/products': created });
    renderApp('/dashboard/addProduct');
    const { user, form } = await openForm();
    await fillProduct(form, user);
    expect(form.getByLabelText('Price (USD)')).toBeTruthy();
    await addOptions(form, user);

    // With options, price and stock are each variant's.
    expect(form.queryByLabelText('Price (USD)')).toBeNull();
    expect(form.queryByLabelText('Available quantity')).toBeNull();
    const table = within(form.getByRole('table', { name: 'Variants' }));
    expect(table.getAllByRole('checkbox', { name: /^Sold: / }).map((box) => box.getAttribute('aria-label'))).toEqual([
      'Sold: 6 mm · Ash',
      'Sold: 6 mm · Walnut',
      'Sold: 10 mm · Ash',
      'Sold: 10 mm · Walnut',
    ]);
    expect(table.getByLabelText('SKU of 10 mm · Walnut')).toHaveProperty('value', 'JBC-10MM-WALNUT');

    // The workshop makes no 10 mm chisel with a walnut handle.
    await user.click(table.getByRole('checkbox', { name: 'Sold: 10 mm · Walnut' }));
    expect(table.queryByLabelText('SKU of 10 mm · Walnut')).toBeNull();
    for (const [name, price, stock] of [
      ['6 mm · Ash', '42', '0'],
      ['6 mm · Walnut', '48', '14'],
      ['10 mm · Ash', '44', '25'],
    ] as const) {
      await user.type(table.getByLabelText(`Price of ${name}`), price);
      await user.type(table.getByLabelText(`Stock of ${name}`), stock);
    }
    await user.selectOptions(table.getByLabelText('Picture of 6 mm · Walnut'), 'https://pictures.example/chisel-walnut.webp');
    await user.click(form.getByRole('button', { name: 'Add Product' }));

    await screen.findByText(productMessages.added);
    const body = server.calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Joinery Bench Chisel',
      options: [
        { name: 'Width', values: ['6 mm', '10 mm'] },
        { name: 'Handle', values: ['Ash', 'Walnut'] },
      ],
      variants: [
        { sku: 'JBC-6MM-ASH', options: { Width: '6 mm', Handle: 'Ash' }, price: 42, availQuantity: 0 },
        { sku: 'JBC-6MM-WALNUT', options: { Width: '6 mm', Handle: 'Walnut' }, price: 48, availQuantity: 14, img: 'https://pictures.example/chisel-walnut.webp' },
        { sku: 'JBC-10MM-ASH', options: { Width: '10 mm', Handle: 'Ash' }, price: 44, availQuantity: 25 },
      ],
    });
    expect(body).not.toHaveProperty('price');
    expect(body).not.toHaveProperty('availQuantity');
  });

  it('says what is wrong at the row it is wrong in, and sends nothing', async () => {
    const server = stubServer({ ...signedInAs(admin), ...categoryAnswers, 'POST /api/products': created });
    renderApp('/dashboard/addProduct');
    const { user, form } = await openForm();
    await fillProduct(form, user);
    await user.click(form.getByRole('button', { name: 'Add an option' }));
    await user.type(form.getByLabelText('Option 1 name'), 'Width');
    await user.type(form.getByLabelText('Width values'), '6 mm, 10 mm');
    const table = within(form.getByRole('table', { name: 'Variants' }));
    await user.type(table.getByLabelText('Price of 6 mm'), '42');
    await user.type(table.getByLabelText('Stock of 6 mm'), '10');
    await user.type(table.getByLabelText('Price of 10 mm'), '44');
    // The second row left without its stock, and given the first row's SKU.
    await user.clear(table.getByLabelText('SKU of 10 mm'));
    await user.type(table.getByLabelText('SKU of 10 mm'), 'JBC-6MM');
    await user.click(form.getByRole('button', { name: 'Add Product' }));

    await vi.waitFor(() => expect(messageOf(table.getByLabelText('Stock of 10 mm'))).toBe(productMessages.availRequired));
    expect(table.getByLabelText('Stock of 6 mm').getAttribute('aria-invalid')).toBeNull();

    // Once every row is whole, the rows are checked against each other.
    await user.type(table.getByLabelText('Stock of 10 mm'), '8');
    await user.click(form.getByRole('button', { name: 'Add Product' }));
    await vi.waitFor(() => expect(messageOf(table.getByLabelText('SKU of 10 mm'))).toBe(variantMessages.skusRepeat));
    expect(table.getByLabelText('SKU of 6 mm').getAttribute('aria-invalid')).toBeNull();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(table.getByLabelText('SKU of 10 mm'));
    await user.type(table.getByLabelText('SKU of 10 mm'), 'JBC-10MM');
    await user.click(form.getByRole('button', { name: 'Add Product' }));
    await screen.findByText(productMessages.added);
  });

  it('keeps the specification’s fields for a product without options', async () => {
    stubServer({ ...signedInAs(admin), ...categoryAnswers });
    renderApp('/dashboard/addProduct');
    const { user, form } = await openForm();
    await user.click(form.getByRole('button', { name: 'Add an option' }));
    await user.click(form.getByRole('button', { name: /^Remove option/ }));
    expect(form.getByLabelText('Price (USD)')).toBeTruthy();
    expect(form.getByLabelText('Available quantity')).toBeTruthy();
    expect(form.queryByRole('table', { name: 'Variants' })).toBeNull();
  });
});
