import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkEdit } from '../../../../common/schemas/catalogue-file.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { productQueries } from './product-queries.ts';

/** One change to many products (`POST /api/products/bulk`); the catalogue's lists are read again after. */
export function useBulkEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: BulkEdit) => apiPost<{ changed: number }>('/api/products/bulk', edit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productQueries.all }),
  });
}
