import { productQueries } from './product-queries.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductInput, ProductUpdate } from '../../../../common/schemas/products.ts';
import { apiDelete, apiPost, apiPostBytes, apiPut } from '../../../lib/api-client.ts';

function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productQueries.all });
}

export function useAddProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: (product: ProductInput) => apiPost<Product>('/api/products', product), onSuccess: invalidate });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, product }: { id: string; product: ProductUpdate }) => apiPut<Product>(`/api/products/${encodeURIComponent(id)}`, product),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ deletedCount: number }>(`/api/products/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

/** Uploads a picture; browsers label some JPEGs image/jpg or image/pjpeg, so the server goes by the bytes. */
export async function uploadProductImage(file: File): Promise<string> {
  return (await apiPostBytes<{ img: string }>('/api/product-images', file)).img;
}
