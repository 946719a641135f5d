import type { TermsAccepted } from '../../../../common/schemas/shop-pages.ts';
import { dateOnly } from '../../../lib/date-format.ts';

/** On an order's page, for staff: the version of the terms of sale its customer accepted by placing it (ADR 044). */
export function TermsAcceptedLine({ terms }: { terms: TermsAccepted }) {
  return (
    <p className="text-sm text-stone-600">
      Terms accepted: version {terms.version} of <time dateTime={terms.publishedAt}>{dateOnly.format(new Date(terms.publishedAt))}</time>
    </p>
  );
}
