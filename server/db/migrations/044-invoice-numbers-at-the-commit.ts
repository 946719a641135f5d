import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** What the database says when an issued document is touched (migration 027's words). */
const neverChanged = 'an issued invoice or credit note never changes';

/**
 * On PostgreSQL an invoice takes its number from the year's series at the commit of the transaction
 * that issues it (ADR 067), as a payment's sales figures are added (migration 043): the series' row,
 * which every payment of a year raises, is then held for the commit alone instead of through the rest
 * of the paying transaction's round trips to the shop. The shop inserts the invoice under a pending
 * number (`pending-` and the invoice's id), its document written with it; the deferred trigger raises
 * the series, writes the number into the invoice (its document too) and into its order, once.
 *
 * Migration 027's guard still refuses every change to an issued document but this one: a pending
 * number replaced by its number, in the document as in the column, before any PDF is drawn.
 * Credit notes keep their numbers from the refund's own transaction: refunds do not come in bursts.
 * SQLite has one writer for the whole transaction, so there the shop numbers the invoice itself.
 */
export const invoiceNumbersAtTheCommitMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (!isPostgres(db)) return;
    await sql`
      create or replace function refuse_document_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.number like 'pending-%' and new.number not like 'pending-%' and old.pdf is null and new.pdf is null
          and new.document = replace(old.document, old.number, new.number)
          and (to_jsonb(new) - 'number' - 'document') = (to_jsonb(old) - 'number' - 'document') then
          return new;
        end if;
        if tg_op = 'DELETE' or old.pdf is not null or (to_jsonb(new) - 'pdf') is distinct from (to_jsonb(old) - 'pdf') then
          raise exception '${sql.raw(neverChanged)}';
        end if;
        return new;
      end $$`.execute(db);
    // The number as documentNumber writes it (INV-2026-000001), every digit kept past 999,999.
    await sql`
      create function number_invoice() returns trigger language plpgsql as $$
      declare
        series_year integer := substr(new.issued_at, 1, 4)::integer;
        taken integer;
        issued_number text;
      begin
        insert into document_series (kind, year, last_number) values ('INV', series_year, 1)
          on conflict (kind, year) do update set last_number = document_series.last_number + 1
          returning last_number into taken;
        issued_number := 'INV-' || series_year || '-' || lpad(taken::text, greatest(6, length(taken::text)), '0');
        update invoices set number = issued_number, document = replace(document, new.number, issued_number) where id = new.id;
        update orders set invoice_number = issued_number where id = new.order_id;
        return null;
      end $$`.execute(db);
    await sql`
      create constraint trigger invoices_numbered after insert on invoices
      deferrable initially deferred for each row
      when (new.number like 'pending-%')
      execute function number_invoice()`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    if (!isPostgres(db)) return;
    await sql`drop trigger invoices_numbered on invoices`.execute(db);
    await sql`drop function number_invoice()`.execute(db);
    await sql`
      create or replace function refuse_document_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' or old.pdf is not null or (to_jsonb(new) - 'pdf') is distinct from (to_jsonb(old) - 'pdf') then
          raise exception '${sql.raw(neverChanged)}';
        end if;
        return new;
      end $$`.execute(db);
  },
};
