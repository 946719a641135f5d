import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscountCode, DiscountCodeInput } from '../../../../common/schemas/discount-codes.ts';
import type { PaginationQuery } from '../../../../common/schemas/pagination.ts';
import type { ShippingZone, ShippingZoneInput } from '../../../../common/schemas/shipping-zones.ts';
import type { ShopSettings, ShopSettingsInput } from '../../../../common/schemas/shop-settings.ts';
import type { TaxSettings, TaxSettingsInput } from '../../../../common/schemas/tax-settings.ts';
import { apiDelete, apiGet, apiGetPage, apiPost, apiPut, queryString } from '../../../lib/api-client.ts';

const all = ['settings'] as const;

/** What the shop charges, as its admin sets it up (ADR 038): the queries, in one place. */
export const settingsQueries = {
  all,
  shippingZones: () => queryOptions({ queryKey: [...all, 'shipping-zones'] as const, queryFn: ({ signal }) => apiGet<ShippingZone[]>('/api/shipping-zones', { signal }) }),
  taxSettings: () => queryOptions({ queryKey: [...all, 'tax-settings'] as const, queryFn: ({ signal }) => apiGet<TaxSettings>('/api/tax-settings', { signal }) }),
  shopSettings: () => queryOptions({ queryKey: [...all, 'shop-settings'] as const, queryFn: ({ signal }) => apiGet<ShopSettings>('/api/shop-settings', { signal }) }),
  discountCodes: (page: Partial<PaginationQuery>) =>
    queryOptions({
      queryKey: [...all, 'discount-codes', page] as const,
      queryFn: ({ signal }) => apiGetPage<DiscountCode>(`/api/discount-codes${queryString(page)}`, { signal }),
    }),
};

/** The shipping zones, in the order they are tried, with their rates. */
export function useShippingZones() {
  return useQuery(settingsQueries.shippingZones());
}

/** Replaces the whole table of zones; the zones and rates sent with their ids keep them. */
export function useSaveShippingZones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (zones: ShippingZoneInput[]) => apiPut<ShippingZone[]>('/api/shipping-zones', zones),
    onSuccess: (saved) => queryClient.setQueryData(settingsQueries.shippingZones().queryKey, saved),
  });
}

export function useTaxSettings() {
  return useQuery(settingsQueries.taxSettings());
}

export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TaxSettingsInput) => apiPut<TaxSettings>('/api/tax-settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(settingsQueries.taxSettings().queryKey, saved),
  });
}

/** The seller invoices name, and whether customers may collect from the workshop. */
export function useShopSettings() {
  return useQuery(settingsQueries.shopSettings());
}

export function useSaveShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShopSettingsInput) => apiPut<ShopSettings>('/api/shop-settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(settingsQueries.shopSettings().queryKey, saved),
  });
}

/** A page of the discount codes, newest first; the page on screen stays while the next one loads. */
export function useDiscountCodes(page: Partial<PaginationQuery>) {
  return useQuery({ ...settingsQueries.discountCodes(page), placeholderData: keepPreviousData });
}

function useAfterCodesChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...all, 'discount-codes'] });
}

export function useCreateDiscountCode() {
  const changed = useAfterCodesChange();
  return useMutation({ mutationFn: (code: DiscountCodeInput) => apiPost<DiscountCode>('/api/discount-codes', code), onSuccess: changed });
}

export function useDeleteDiscountCode() {
  const changed = useAfterCodesChange();
  return useMutation({
    mutationFn: (code: string) => apiDelete<{ deletedCount: number }>(`/api/discount-codes/${encodeURIComponent(code)}`),
    onSuccess: changed,
  });
}
