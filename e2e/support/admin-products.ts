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
        // One of the shop's own pictures: the home page shows the newest tools, and a picture from
        // elsewhere would fail to load there (and fill the console) while these products are newest.
        img: '/images/products/bench-chisel.webp',
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

/** Deletes products that `addProducts` added, so that the catalogue the other specs read is the demo one again. */
export async function deleteProducts(page: Page, baseURL: string, products: Array<{ _id: string }>): Promise<void> {
  for (const product of products) {
    const res = await page.request.delete(`/api/products/${product._id}`, { headers: { origin: baseURL } });
    expect(res.status(), await res.text()).toBe(200);
  }
}
