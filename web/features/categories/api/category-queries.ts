import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput, CategoryUpdate } from '../../../../common/schemas/categories.ts';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';

const all = ['categories'] as const;

/** The owner's categories (`GET /api/categories`): the header, the catalogue, the product form and the admin's page read the one list. */
export const categoryQueries = {
  all,
  list: () => queryOptions({ queryKey: [...all, 'list'] as const, queryFn: ({ signal }) => apiGet<Category[]>('/api/categories', { signal }) }),
};

/** Every category, top-level ones each followed by those under it. */
export function useCategories() {
  return useQuery(categoryQueries.list());
}

/** A category's name by its slug, once the list has arrived (the slug itself until then, or for one no longer kept). */
export function useCategoryName(): (slug: string) => string {
  const { data } = useCategories();
  return (slug) => data?.find((category) => category.slug === slug)?.name ?? slug;
}

/**
 * The admin's changes. Each refreshes the list (positions and counts move together), and the
 * catalogue's own queries, whose pages name the categories.
 */
function useCategoryMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}

export const useCreateCategory = () => useCategoryMutation((input: CategoryInput) => apiPost<Category>('/api/categories', input));

export const useUpdateCategory = () =>
  useCategoryMutation(({ slug, changes }: { slug: string; changes: CategoryUpdate }) => apiPut<Category>(`/api/categories/${encodeURIComponent(slug)}`, changes));

export const useDeleteCategory = () => useCategoryMutation((slug: string) => apiDelete<{ deletedCount: number }>(`/api/categories/${encodeURIComponent(slug)}`));
