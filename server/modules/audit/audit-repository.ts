import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type KeysetPage, newestFirstPage } from '../../db/keyset-page.ts';
import type { AuditLogTable } from '../../db/schema.ts';
import { cappedCount } from '../../db/capped-count.ts';

export type AuditRow = Selectable<AuditLogTable>;

/** What the Audit page narrows the list to; `from` and `to` are instants, `to` excluded. */
export interface AuditFilter {
  actorEmail?: string | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Records a statement: eight values each, well within SQLite's and PostgreSQL's limits on bound values. */
const rowsPerInsert = 500;

/**
 * The audit trail's one table. It only inserts: nothing here updates or deletes a record, and the
 * database refuses it anyway (migration 033).
 */
export function createAuditRepository(db: Database) {
  function matching(filter: AuditFilter) {
    let query = db.selectFrom('audit_log');
    if (filter.actorEmail !== undefined) query = query.where('actor_email', '=', filter.actorEmail);
    if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
    if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
    return query;
  }

  return {
    /** Adds a record inside the caller's transaction, so that it commits, or not, with the action. */
    async insert(row: AuditRow, transaction: Database = db): Promise<void> {
      await transaction.insertInto('audit_log').values(row).execute();
    },

    /** Adds many records inside the caller's transaction, a few hundred rows a statement (an import's thousands stay quick). */
    async insertMany(rows: readonly AuditRow[], transaction: Database): Promise<void> {
      for (let start = 0; start < rows.length; start += rowsPerInsert) {
        await transaction
          .insertInto('audit_log')
          .values(rows.slice(start, start + rowsPerInsert))
          .execute();
      }
    },

    /** A page newest first, with how many records match (counted up to the cap, ADR 021). */
    async page(filter: AuditFilter, page: KeysetPage): Promise<{ rows: AuditRow[]; total: number; capped: boolean }> {
      const query = matching(filter);
      const [rows, count] = await Promise.all([newestFirstPage(query.selectAll(), page), cappedCount(db, query)]);
      return { rows, ...count };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
