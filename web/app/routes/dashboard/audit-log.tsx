import { useState } from 'react';
import { auditKindLabels } from '../../../../common/audit-kinds.ts';
import type { AuditFilterForm, AuditRecord } from '../../../../common/schemas/audit-log.ts';
import { CursorPagination, EmptyKeysetPage, type KeysetPlace, newestPage } from '../../../components/ui/cursor-pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { useAuditLog } from '../../../features/audit/api/audit-queries.ts';
import { changeInWords, factsInWords, subjectInWords } from '../../../features/audit/audit-words.ts';
import { AuditFilters, noFilter } from '../../../features/audit/components/audit-filters.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { dateTime } from '../../../lib/date-format.ts';
import { countOf } from '../../../../common/plurals.ts';

const pageSize = 20;

/** One staff action: what, on what, by whom, from where and when, and what it changed. */
function AuditEntry({ record }: { record: AuditRecord }) {
  const changes = record.detail.changes ?? [];
  const facts = factsInWords(record.detail);
  return (
    <article aria-label={`${auditKindLabels[record.kind]}: ${subjectInWords(record)}`} className="rounded-xl border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="min-w-0 font-semibold text-stone-900 [overflow-wrap:anywhere]">
          {auditKindLabels[record.kind]} <span className="font-normal text-stone-600">· {subjectInWords(record)}</span>
        </h3>
        <time dateTime={record.createdAt} className="text-sm text-stone-600">
          {dateTime.format(new Date(record.createdAt))}
        </time>
      </div>
      <p className="mt-1 text-sm text-stone-600 [overflow-wrap:anywhere]">
        {record.actorEmail} · from {record.actorIp}
      </p>
      {(changes.length > 0 || facts.length > 0) && (
        <ul className="mt-2 space-y-0.5 text-sm text-stone-800 [overflow-wrap:anywhere]">
          {changes.map((change) => (
            <li key={`change ${change.field}`}>{changeInWords(change)}</li>
          ))}
          {facts.map((fact) => (
            <li key={`fact ${fact}`}>{fact}</li>
          ))}
        </ul>
      )}
    </article>
  );
}

function AuditList({ filter }: { filter: AuditFilterForm }) {
  const [place, setPlace] = useState<KeysetPlace>(newestPage);
  const query = {
    limit: pageSize,
    after: place.after,
    before: place.before,
    ...(filter.actor && { actor: filter.actor }),
    ...(filter.kind && { kind: filter.kind }),
    ...(filter.from && { from: filter.from }),
    ...(filter.to && { to: filter.to }),
  };
  const records = useAuditLog(query);
  if (records.isPending) return <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading the audit log" />;
  if (records.isError) return <ErrorState title="We could not load the audit log" error={records.error} onRetry={() => void records.refetch()} />;
  if (records.data.items.length === 0) {
    if (place.page === 1) return <EmptyState title="Nothing recorded">No staff action matches these filters.</EmptyState>;
    return <EmptyKeysetPage noun="records" onNewest={() => setPlace(newestPage)} />;
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-600">
        {countOf(records.data.total, 'record')}
        {records.data.capped ? ' or more' : ''}, newest first.
      </p>
      <ul className="space-y-3" aria-label="Audit records">
        {records.data.items.map((record) => (
          <li key={record._id}>
            <AuditEntry record={record} />
          </li>
        ))}
      </ul>
      <CursorPagination place={place} items={records.data.items} pageSize={pageSize} pageCount={Math.ceil(records.data.total / pageSize)} onPlace={setPlace} label="Audit pages" />
    </div>
  );
}

/** The audit trail (ADR 043): every staff action, who took it, when and from where; it can only be read. */
export default function AuditLogPage() {
  const [filter, setFilter] = useState<AuditFilterForm>(noFilter);
  return (
    <DashboardPage title="Audit" intro="Every staff action on the shop: who took it, when, from which address, and what it changed. Records can only be added to.">
      <AuditFilters onFilter={setFilter} />
      {/* A new filter starts again from the newest page. */}
      <AuditList key={JSON.stringify(filter)} filter={filter} />
    </DashboardPage>
  );
}
