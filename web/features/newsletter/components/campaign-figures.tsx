import { type Campaign, campaignStateLabels } from '../../../../common/schemas/newsletter-campaigns.ts';
import { dateTime } from '../../../lib/date-format.ts';

const badges: Record<Campaign['state'], string> = {
  draft: 'badge-ghost',
  scheduled: 'badge-info',
  sending: 'badge-warning',
  sent: 'badge-success',
};

export function CampaignStateBadge({ campaign }: { campaign: Campaign }) {
  return <span className={`badge ${badges[campaign.state]} whitespace-nowrap`}>{campaignStateLabels[campaign.state]}</span>;
}

/** When it went or goes: its start, or its scheduled time. */
export function CampaignWhen({ campaign }: { campaign: Campaign }) {
  const at = campaign.startedAt ?? campaign.scheduledAt;
  if (!at) return <span className="text-sm text-stone-600">Not sent</span>;
  return (
    <time dateTime={at} className="text-sm whitespace-nowrap text-stone-700">
      {campaign.startedAt ? '' : 'At '}
      {dateTime.format(new Date(at))}
    </time>
  );
}

/** How far a sending campaign has gone: every message sent, failed or skipped counts. */
export function CampaignProgress({ campaign }: { campaign: Campaign }) {
  if (campaign.state !== 'sending') return null;
  const done = campaign.sent + campaign.failed + campaign.skipped;
  return (
    <div className="mt-2">
      <progress className="progress progress-primary w-full" value={done} max={Math.max(1, campaign.recipients)} aria-label={`Sending ${campaign.subject}`} />
      <p className="text-xs text-stone-600">
        {done} of {campaign.recipients} done
      </p>
    </div>
  );
}

/** The figures the owner follows: how many it went to, failed, and unsubscribed with its link. */
export function CampaignFigures({ campaign }: { campaign: Campaign }) {
  if (campaign.state === 'draft' || campaign.state === 'scheduled') return <span className="text-sm text-stone-600">—</span>;
  return (
    <dl className="grid grid-cols-3 gap-x-3 text-sm" aria-label={`Figures of ${campaign.subject}`}>
      <div>
        <dt className="text-xs text-stone-500">Sent</dt>
        <dd className="font-medium text-stone-900 tabular-nums">
          {campaign.sent}
          <span className="font-normal text-stone-500"> / {campaign.recipients}</span>
          {/* A reader who left the list after the campaign started is not sent it; the owner sees why the count falls short. */}
          {campaign.skipped > 0 && <span className="block text-xs font-normal text-stone-500">{campaign.skipped} had left the list</span>}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-stone-500">Failed</dt>
        <dd className={`font-medium tabular-nums ${campaign.failed > 0 ? 'text-error' : 'text-stone-900'}`}>{campaign.failed}</dd>
      </div>
      <div>
        <dt className="text-xs text-stone-500">Unsubscribed</dt>
        <dd className="font-medium text-stone-900 tabular-nums">{campaign.unsubscribed}</dd>
      </div>
    </dl>
  );
}
