import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignAudience, CampaignInput } from '../../../../common/schemas/newsletter-campaigns.ts';
import type { PaginationQuery } from '../../../../common/schemas/pagination.ts';
import { apiGet, apiGetPage, apiPost, apiPut, queryString } from '../../../lib/api-client.ts';

const all = ['newsletter-campaigns'] as const;
/** While a campaign goes out, its figures are read again this often. */
const sendingRefreshMs = 2000;

export const campaignQueries = {
  all,
  list: (page: PaginationQuery) =>
    queryOptions({
      queryKey: [...all, 'list', page] as const,
      queryFn: ({ signal }) => apiGetPage<Campaign>(`/api/newsletter/campaigns${queryString(page)}`, { signal }),
    }),
  detail: (id: string) =>
    queryOptions({ queryKey: [...all, 'detail', id] as const, queryFn: ({ signal }) => apiGet<Campaign>(`/api/newsletter/campaigns/${encodeURIComponent(id)}`, { signal }) }),
  audience: () => queryOptions({ queryKey: [...all, 'audience'] as const, queryFn: ({ signal }) => apiGet<CampaignAudience>('/api/newsletter/audience', { signal }) }),
};

/** The address of a saved campaign's e-mail as readers get it, for the preview frame; `version` makes a changed draft load afresh. */
export const campaignPreviewUrl = (id: string, version: string) => `/api/newsletter/campaigns/${encodeURIComponent(id)}/preview?v=${encodeURIComponent(version)}`;

/** The campaigns, newest first, read again every two seconds while one of them is sending. */
export function useCampaigns(page: PaginationQuery) {
  return useQuery({
    ...campaignQueries.list(page),
    refetchInterval: (query) => (query.state.data?.items.some((campaign) => campaign.state === 'sending') ? sendingRefreshMs : false),
  });
}

export function useCampaign(id: string | undefined) {
  return useQuery({
    ...campaignQueries.detail(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.state === 'sending' ? sendingRefreshMs : false),
  });
}

/** How many confirmed subscribers a campaign sent now goes to, asked when the admin is about to send. */
export function useAudience(enabled: boolean) {
  return useQuery({ ...campaignQueries.audience(), enabled, staleTime: 0 });
}

function useCampaignMutation<Variables>(call: (variables: Variables) => Promise<Campaign>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignQueries.detail(campaign._id).queryKey, campaign);
      void queryClient.invalidateQueries({ queryKey: [...all, 'list'] });
    },
  });
}

/** Saves a draft: a new one is created, an existing one replaced. */
export function useSaveCampaign() {
  return useCampaignMutation(({ id, input }: { id: string | undefined; input: CampaignInput }) =>
    id ? apiPut<Campaign>(`/api/newsletter/campaigns/${encodeURIComponent(id)}`, input) : apiPost<Campaign>('/api/newsletter/campaigns', input),
  );
}

/** Sends a draft now, or at `at`. */
export function useSendCampaign() {
  return useCampaignMutation(({ id, at }: { id: string; at?: string | undefined }) =>
    apiPost<Campaign>(`/api/newsletter/campaigns/${encodeURIComponent(id)}/send`, at ? { at } : {}),
  );
}

export function useCancelCampaign() {
  return useCampaignMutation((id: string) => apiPost<Campaign>(`/api/newsletter/campaigns/${encodeURIComponent(id)}/cancel`, {}));
}

/** One copy to the signed-in admin. */
export function useSendTestCampaign() {
  return useMutation({ mutationFn: (id: string) => apiPost<{ to: string }>(`/api/newsletter/campaigns/${encodeURIComponent(id)}/test`, {}) });
}
