import { expect, type Page } from '@playwright/test';

/** Products the admin adds through the API (signed in on `page`), for the specs that change products in bulk or by file. */
export async function addProducts(page: Page, baseURL: string, names: string[]): Promise<Array<{ _id: string; name: string }>> {
  const added: Array<{ _id: string; name: string }> = [];
  for (const name of names) {
    const res = await page.request.post('/api/products', {
      headers: { origin: baseURL },
      data: {
        name,
        price: 30,
        img: 'https://images.example.com/bench-tool.webp',
        availQuantity: 20,
        minQuantity: 1,
        description: 'A bench tool made for the browser tests.',
        category: 'other',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    added.push((await res.json()) as { _id: string; name: string });
  }
  return added;
}
