import type { ReviewReply } from '../../../../common/schemas/reviews.ts';
import { shopIdentity } from '../../../../common/shop-identity.ts';
import { dateOnly, dateOnlyUtc } from '../../../lib/date-format.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/**
 * The shop's public answer under a review, set off from the customer's words. Rendered as text: the
 * server and the browser write the same page (dated in UTC until the app runs, as reviews are).
 */
export function ReviewReplyNote({ reply, compact = false }: { reply: ReviewReply; compact?: boolean }) {
  const inReadersZone = useHydrated();
  return (
    <div aria-label={`Reply from ${shopIdentity.shortName}`} role="note" className="rounded-lg border-l-4 border-primary bg-base-200/70 px-4 py-3">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold text-stone-900">Reply from {shopIdentity.shortName}</span>
        {!compact && (
          <time dateTime={reply.repliedAt} className="text-stone-600">
            {(inReadersZone ? dateOnly : dateOnlyUtc).format(new Date(reply.repliedAt))}
          </time>
        )}
      </p>
      <p className={`mt-1 whitespace-pre-line leading-relaxed text-stone-700 [overflow-wrap:anywhere] ${compact ? 'line-clamp-3 text-sm' : ''}`}>{reply.text}</p>
    </div>
  );
}
