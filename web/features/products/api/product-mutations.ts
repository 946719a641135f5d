import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductInput, ProductUpdate } from '../../../../common/schemas/products.ts';
import { apiDelete, apiPost, apiPut, ApiRequestError } from '../../../lib/api-client.ts';

function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['products'] });
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

/** Sends a picture's bytes as they are; the server decides from its content whether it is one. */
export async function uploadProductImage(file: File): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/product-images', {
      method: 'POST',
      // The server tells the type from the bytes; browsers label some JPEGs image/jpg or image/pjpeg.
      headers: { 'content-type': 'application/octet-stream', accept: 'application/json' },
      body: file,
    });
  } catch {
    throw new ApiRequestError(0, 'NETWORK', 'Could not reach the shop. Check your connection and try again.');
  }
  const body = (await response.json().catch(() => null)) as { img?: string; code?: string; message?: string } | null;
  if (!response.ok || !body?.img) {
    throw new ApiRequestError(response.status, body?.code ?? 'HTTP_ERROR', body?.message ?? `The shop answered ${response.status}. Please try again.`);
  }
  return body.img;
}
