import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryAnswers } from '../../../test/categories.ts';
import { admin, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { orderableText } from './orderable-note.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('orderableText', () => {
  it('says what customers can order of a stock: one fewer, since the last piece is kept back', () => {
    expect(orderableText({ availQuantity: 25, minQuantity: 1 })).toBe('24 can be ordered');
    expect(orderableText({ availQuantity: 2, minQuantity: 1 })).toBe('1 can be ordered');
    expect(orderableText({ availQuantity: 1, minQuantity: 1 })).toBe('Sold out');
    expect(orderableText({ availQuantity: 0, minQuantity: 1 })).toBe('Sold out');
    // Fewer than the minimum order left: customers cannot order it either.
    expect(orderableText({ availQuantity: 3, minQuantity: 3 })).toBe('Sold out');
    expect(orderableText({ availQuantity: Number.NaN, minQuantity: 1 })).toBe('');
  });
});

describe('the product form’s stock', () => {
  it('shows, under the specification’s Available quantity, how many customers can order as it is typed', async () => {
    stubServer({ ...signedInAs(admin), ...categoryAnswers });
    renderApp('/dashboard/addProduct');
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Add product' }));
    await user.type(form.getByLabelText('Minimum order'), '1');
    await user.type(form.getByLabelText('Available quantity'), '25');
    expect(form.getByText('24 can be ordered')).toBeTruthy();
    await user.clear(form.getByLabelText('Available quantity'));
    await user.type(form.getByLabelText('Available quantity'), '1');
    expect(form.getByText('Sold out')).toBeTruthy();
  });
});
