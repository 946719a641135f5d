import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductsReport, ReportRangeQuery, SalesReport, SalesReportQuery, TaxReport } from '../../../../common/schemas/reports.ts';
import type { CartsReport } from '../../../../common/schemas/cart-reminders.ts';
import { apiGet, queryString } from '../../../lib/api-client.ts';

/** Where each report's CSV is: the same call as its JSON, with `.csv`. */
export const reportCsvUrl = (report: 'sales' | 'products' | 'tax', query: ReportRangeQuery | SalesReportQuery) => `/api/reports/${report}.csv${queryString({ ...query })}`;

/** The Reports page's reads; the last answer stays on screen while another range loads. */
export function useSalesReport(query: SalesReportQuery) {
  return useQuery({
    queryKey: ['reports', 'sales', query] as const,
    queryFn: ({ signal }) => apiGet<SalesReport>(`/api/reports/sales${queryString({ ...query })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProductsReport(query: ReportRangeQuery) {
  return useQuery({
    queryKey: ['reports', 'products', query] as const,
    queryFn: ({ signal }) => apiGet<ProductsReport>(`/api/reports/products${queryString({ ...query })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTaxReport(query: ReportRangeQuery) {
  return useQuery({
    queryKey: ['reports', 'tax', query] as const,
    queryFn: ({ signal }) => apiGet<TaxReport>(`/api/reports/tax${queryString({ ...query })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Carts that came back after a reminder (ADR 045), in the range. */
export function useCartsReport(query: ReportRangeQuery) {
  return useQuery({
    queryKey: ['reports', 'carts', query] as const,
    queryFn: ({ signal }) => apiGet<CartsReport>(`/api/reports/carts${queryString({ ...query })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
