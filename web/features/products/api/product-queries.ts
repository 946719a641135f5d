import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, ProductDetail, ProductListQuery } from '../../../../common/schemas/products.ts';
import { apiGet, apiGetPage, queryString } from '../../../lib/api-client.ts';

export type ProductListParams = Partial<ProductListQuery>;

const all = ['products'] as const;

/**
 * The catalogue's queries, in one place: other features that change the catalogue (an order takes
 * stock, a review moves a rating) use them too.
 */
export const productQueries = {
  all,
  list: (params: ProductListParams) =>
    queryOptions({ queryKey: [...all, 'list', params] as const, queryFn: ({ signal }) => apiGetPage<Product>(`/api/products${queryString(params)}`, { signal }) }),
  detail: (id: string) =>
    queryOptions({ queryKey: [...all, 'detail', id] as const, queryFn: ({ signal }) => apiGet<ProductDetail>(`/api/products/${encodeURIComponent(id)}`, { signal }) }),
  /** Manage Products' own reads (admins): hidden products too, which the public answers leave out. */
  manageList: (params: ProductListParams) =>
    queryOptions({
      queryKey: [...all, 'manage', 'list', params] as const,
      queryFn: ({ signal }) => apiGetPage<Product>(`/api/products/manage${queryString(params)}`, { signal }),
    }),
  manageDetail: (id: string) =>
    queryOptions({
      queryKey: [...all, 'manage', 'detail', id] as const,
      queryFn: ({ signal }) => apiGet<ProductDetail>(`/api/products/${encodeURIComponent(id)}/manage`, { signal }),
    }),
};

/** A page of the catalogue; `keepPrevious` keeps the last page on screen while the next one loads. */
export function useProductList(params: ProductListParams, { keepPrevious = false } = {}) {
  return useQuery({ ...productQueries.list(params), placeholderData: keepPrevious ? keepPreviousData : undefined });
}

/** A page of the catalogue as Manage Products lists it, hidden products too (admins). */
export function useManagedProductList(params: ProductListParams, { keepPrevious = false } = {}) {
  return useQuery({ ...productQueries.manageList(params), placeholderData: keepPrevious ? keepPreviousData : undefined });
}

/** One product as the admin's edit form reads it, hidden or not. */
export function useManagedProduct(id: string) {
  return useQuery(productQueries.manageDetail(id));
}

/** One product with its pictures in order and what its reviews add up to. */
export function useProduct(id: string, { enabled = true } = {}) {
  return useQuery({ ...productQueries.detail(id), enabled });
}
