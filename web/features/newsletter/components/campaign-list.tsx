import { useState } from 'react';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { StackingCell, StackingRow, StackingTable } from '../../../components/ui/stacking-table.tsx';
import { useCampaigns } from '../api/campaign-queries.ts';
import { CampaignFigures, CampaignProgress, CampaignStateBadge, CampaignWhen } from './campaign-figures.tsx';

const pageSize = 10;

/** The campaigns, newest first, with where each stands and its figures; one opens in the editor above. */
export function CampaignList({ onOpen }: { onOpen: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const campaigns = useCampaigns({ limit: pageSize, offset: (page - 1) * pageSize });
  if (campaigns.isPending) return <div className="skeleton h-48 w-full rounded-xl" aria-label="Loading the campaigns" />;
  if (campaigns.isError) return <ErrorState title="We could not load the campaigns" error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  if (campaigns.data.items.length === 0) {
    return <EmptyState title="No campaigns yet">Write the first one with “New campaign”: it is kept as a draft until you send it.</EmptyState>;
  }
  return (
    <div className="space-y-4">
      <StackingTable
        caption="Newsletter campaigns, newest first"
        headings={[{ label: 'Subject' }, { label: 'State' }, { label: 'When' }, { label: 'Figures' }, { label: 'Actions', className: 'text-right' }]}
      >
        {campaigns.data.items.map((campaign) => (
          <StackingRow key={campaign._id} columns="grid-cols-2">
            <StackingCell className="col-span-full">
              <p className="font-semibold text-stone-900 [overflow-wrap:anywhere]">{campaign.subject}</p>
              <CampaignProgress campaign={campaign} />
            </StackingCell>
            <StackingCell heading="State">
              <CampaignStateBadge campaign={campaign} />
            </StackingCell>
            <StackingCell heading="When">
              <CampaignWhen campaign={campaign} />
            </StackingCell>
            <StackingCell heading="Figures" className="col-span-full">
              <CampaignFigures campaign={campaign} />
            </StackingCell>
            <StackingCell action className="col-span-full">
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => onOpen(campaign._id)}
                aria-label={`${campaign.state === 'draft' ? 'Edit' : 'Open'} ${campaign.subject}`}
              >
                {campaign.state === 'draft' ? 'Edit' : 'Open'}
              </button>
            </StackingCell>
          </StackingRow>
        ))}
      </StackingTable>
      <Pagination page={page} pageCount={Math.ceil(campaigns.data.total / pageSize)} onPage={setPage} label="Campaign pages" />
    </div>
  );
}
