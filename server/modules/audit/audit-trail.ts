import type { AuditKind } from '../../../common/audit-kinds.ts';
import type { AuditDetail, AuditLogQuery, AuditRecord } from '../../../common/schemas/audit-log.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { keysetPageOf } from '../../db/keyset-page.ts';
import { newRecordId } from '../../record-id.ts';
import type { AuditRepository, AuditRow } from './audit-repository.ts';
import type { StaffActor } from './staff-actor.ts';

/** What a staff action records beside who took it and when. */
export interface AuditEntry {
  kind: AuditKind;
  /** What was acted on: an order's number, a product's id, a person's e-mail. */
  subject: string;
  detail?: AuditDetail;
}

/** Records a staff action inside the action's own transaction: a module's part in the audit trail. */
export type AuditRecorder = (transaction: Database, actor: StaffActor, entry: AuditEntry) => Promise<void>;

/** Records the many records of one staff action (each product an import changed) inside its transaction. */
export type AuditRecorderOfMany = (transaction: Database, actor: StaffActor, entries: readonly AuditEntry[]) => Promise<void>;

function toRecord(row: AuditRow): AuditRecord {
  return {
    _id: row.id,
    createdAt: row.created_at,
    actorEmail: row.actor_email,
    actorIp: row.actor_ip,
    kind: row.kind as AuditKind,
    subject: row.subject,
    detail: JSON.parse(row.detail) as AuditDetail,
  };
}

/** The first instant after a day (UTC), for a range whose last day is included. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/**
 * The audit trail (ADR 043): who did what to the shop, when and from where. `record` is the one way a
 * record is made; each staff action calls it in the transaction that does the action, so that the
 * action and its record commit together or not at all. Records are never changed or deleted.
 */
export function createAuditTrail(records: AuditRepository, clock: Clock) {
  const rowOf = (actor: StaffActor, entry: AuditEntry): AuditRow => ({
    id: newRecordId(),
    created_at: clock().toISOString(),
    actor_id: actor.userId,
    actor_email: actor.email,
    actor_ip: actor.ip,
    kind: entry.kind,
    subject: entry.subject,
    detail: JSON.stringify(entry.detail ?? {}),
  });

  return {
    record: ((transaction, actor, entry) => records.insert(rowOf(actor, entry), transaction)) satisfies AuditRecorder,

    /** Many records of one action (an import's changes to each product), in its transaction, written a batch at a time. */
    recordMany: ((transaction, actor, entries) =>
      records.insertMany(
        entries.map((entry) => rowOf(actor, entry)),
        transaction,
      )) satisfies AuditRecorderOfMany,

    /** An action that writes nothing else (a data export): its record is its own transaction. */
    recordAlone: (actor: StaffActor, entry: AuditEntry) => records.insert(rowOf(actor, entry)),

    async list(query: AuditLogQuery): Promise<{ items: AuditRecord[]; total: number; capped: boolean }> {
      const filter = {
        actorEmail: query.actor || undefined,
        kind: query.kind,
        from: query.from && `${query.from}T00:00:00.000Z`,
        to: query.to && dayAfter(query.to),
      };
      const { rows, total, capped } = await records.page(filter, keysetPageOf(query));
      return { items: rows.map(toRecord), total, capped };
    },
  };
}

export type AuditTrail = ReturnType<typeof createAuditTrail>;
