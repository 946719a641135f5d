import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueImportJob, CatalogueImportPlan } from '../../../../common/schemas/catalogue-file.ts';
import { admin, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const csv = 'sku,name\r\nCH-6,Bench chisel\r\n';
const plan: CatalogueImportPlan = {
  create: [{ row: 3, sku: 'CH-20', name: 'Bench chisel' }],
  update: [{ row: 2, sku: 'CH-6', changes: [{ field: 'price', from: '42.00', to: '44.50' }] }],
  refuse: [],
  unchanged: 5,
};
const job = (changes: Partial<CatalogueImportJob>): CatalogueImportJob => ({
  id: 'imp-1',
  status: 'queued',
  totalRows: 7,
  doneRows: 0,
  created: 0,
  updated: 0,
  error: null,
  ...changes,
});

async function chooseAndCheck() {
  renderApp('/dashboard/catalogue-file');
  const user = userEvent.setup();
  await user.upload(await screen.findByLabelText('Catalogue file'), new File([csv], 'catalogue.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Check the file' }));
  return user;
}

describe('the catalogue file page', () => {
  it('sends the chosen file for a dry run and shows what would change, old → new, and what would be created', async () => {
    const server = stubServer({ ...signedInAs(admin), 'POST /api/products/import': { body: plan } });
    await chooseAndCheck();
    expect(await screen.findByText('1 row to create, 1 row to change, 0 rows refused, 5 rows unchanged')).toBeTruthy();
    const changed = within(screen.getByRole('table', { name: 'Rows that would change' }));
    expect(changed.getByText('CH-6')).toBeTruthy();
    expect(changed.getByText((_, element) => element?.tagName === 'LI' && element.textContent === 'price: 42.00 → 44.50')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Rows that would be created' })).getByText('CH-20')).toBeTruthy();
    const sent = server.calls.find((call) => call.method === 'POST')!;
    expect(sent.query.get('dryRun')).toBe('true');
    expect(sent.headers['content-type']).toBe('text/csv');
    expect(sent.body).toBe(csv);
  });

  it('refuses to import while a row is refused, and shows each row with its reason', async () => {
    stubServer({ ...signedInAs(admin), 'POST /api/products/import': { body: { ...plan, refuse: [{ row: 4, reason: 'category: no category has the slug “spoons”' }] } } });
    await chooseAndCheck();
    const refused = within(await screen.findByRole('table', { name: 'Refused rows' }));
    expect(refused.getByText('category: no category has the slug “spoons”')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import' }).disabled).toBe(true);
    expect(screen.getByText('Correct the refused rows first.')).toBeTruthy();
  });

  it('asks for a file before checking', async () => {
    const server = stubServer({ ...signedInAs(admin) });
    renderApp('/dashboard/catalogue-file');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('Choose a CSV file')).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('imports the checked file and follows the job to the end with a progress bar', async () => {
    const states = [job({ status: 'running', doneRows: 3 }), job({ status: 'done', doneRows: 7, created: 1, updated: 1 })];
    const server = stubServer({
      ...signedInAs(admin),
      'POST /api/products/import': ({ query }) => ({ status: query.get('dryRun') ? 200 : 202, body: query.get('dryRun') ? plan : job({}) }),
      'GET /api/jobs/imp-1': () => ({ body: states.length > 1 ? states.shift() : states[0] }),
    });
    const user = await chooseAndCheck();
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported: 1 created, 1 changed.', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole<HTMLProgressElement>('progressbar', { name: 'Import progress' }).value).toBe(7);
    const real = server.calls.filter((call) => call.method === 'POST').at(-1)!;
    expect(real.query.get('dryRun')).toBeNull();
    expect(real.body).toBe(csv);
  });

  it('shows why an import failed', async () => {
    stubServer({
      ...signedInAs(admin),
      'POST /api/products/import': ({ query }) => ({ status: query.get('dryRun') ? 200 : 202, body: query.get('dryRun') ? plan : job({}) }),
      'GET /api/jobs/imp-1': { body: job({ status: 'failed', error: 'Row 2: price: “x” is not an amount of dollars, such as 12.50' }) },
    });
    const user = await chooseAndCheck();
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Row 2: price: “x” is not an amount of dollars, such as 12.50')).toBeTruthy();
    expect(screen.getByText('The import failed and nothing was written.')).toBeTruthy();
  });
});
