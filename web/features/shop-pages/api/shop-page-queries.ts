import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditableShopPage, PublishedShopPage, ShopPageEditor, ShopPageInput } from '../../../../common/schemas/shop-pages.ts';
import type { ShopPageSlug } from '../../../../common/shop-pages.ts';
import { apiGet, apiPut } from '../../../lib/api-client.ts';

const all = ['shop-pages'] as const;

/**
 * The pages the owner writes (ADR 044). `all` is what every visitor reads alike: a page rendered on
 * the server is rendered with it (web/entry-server.tsx). The editor's list is the staff's, kept apart.
 */
export const shopPageQueries = {
  all,
  published: (slug: string) =>
    queryOptions({ queryKey: [...all, slug] as const, queryFn: ({ signal }) => apiGet<PublishedShopPage>(`/api/pages/${encodeURIComponent(slug)}`, { signal }) }),
  editable: () => queryOptions({ queryKey: ['shop-page-editor'] as const, queryFn: ({ signal }) => apiGet<ShopPageEditor>('/api/pages', { signal }) }),
};

export function usePublishedShopPage(slug: string) {
  return useQuery(shopPageQueries.published(slug));
}

/** Every page with its version in force, as the editor reads it. */
export function useEditableShopPages() {
  return useQuery(shopPageQueries.editable());
}

/** Publishes a page's next version; the editor's list and the page as readers see it are read again. */
export function usePublishShopPage(slug: ShopPageSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (page: ShopPageInput) => apiPut<EditableShopPage>(`/api/pages/${slug}`, page),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: shopPageQueries.editable().queryKey }), queryClient.invalidateQueries({ queryKey: [...all, slug] })]);
    },
  });
}
