import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Product, ProductDetail, ProductListQuery } from '../../../../common/schemas/products.ts';
import { apiGet, apiGetPage, queryString } from '../../../lib/api-client.ts';

export type ProductListParams = Partial<ProductListQuery>;

/** The catalogue's query keys, in one place: other features that change the catalogue (an order takes stock, a review moves a rating) use them too. */
export const productKeys = {
  all: ['products'] as const,
  list: (params: ProductListParams) => [...productKeys.all, 'list', params] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};

/** A page of the catalogue; `keepPrevious` keeps the last page on screen while the next one loads. */
export function useProductList(params: ProductListParams, { keepPrevious = false } = {}) {
  return useQuery({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => apiGetPage<Product>(`/api/products${queryString(params)}`, { signal }),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/** One product with its pictures in order and what its reviews add up to. */
export function useProduct(id: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: productKeys.detail(id),
    enabled,
    queryFn: ({ signal }) => apiGet<ProductDetail>(`/api/products/${encodeURIComponent(id)}`, { signal }),
  });
}
