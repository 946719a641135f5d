import { DEFAULT_MIGRATION_TABLE, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database } from './database.ts';
import { catalogueMigration } from './migrations/001-catalogue.ts';
import { inboxAndRateLimitsMigration } from './migrations/002-inbox-and-rate-limits.ts';
import { accountsMigration } from './migrations/003-accounts.ts';
import { paymentsMigration } from './migrations/004-payments.ts';
import { shopManagementMigration } from './migrations/005-shop-management.ts';
import { jobsMigration } from './migrations/006-jobs.ts';
import { newsletterDoubleOptInMigration } from './migrations/007-newsletter-double-opt-in.ts';
import { orderFulfilmentMigration } from './migrations/008-order-fulfilment.ts';
import { orderListsMigration } from './migrations/009-order-lists.ts';
import { orderDetailsMigration } from './migrations/010-order-details.ts';
import { refundsMigration } from './migrations/011-refunds.ts';
import { orderExpiryMigration } from './migrations/012-order-expiry.ts';
import { webhookEventKeyMigration } from './migrations/013-webhook-event-key.ts';
import { catalogueSearchMigration } from './migrations/014-catalogue-search.ts';
import { productPagesMigration } from './migrations/015-product-pages.ts';
import { cartAndCheckoutMigration } from './migrations/016-cart-and-checkout.ts';
import { catalogueVersionMigration } from './migrations/017-catalogue-version.ts';
import { orderCountsMigration } from './migrations/018-order-counts.ts';
import { pictureSizesMigration } from './migrations/019-picture-sizes.ts';
import { accountVersionMigration } from './migrations/020-account-version.ts';
import { refundReservationsMigration } from './migrations/021-refund-reservations.ts';
import { postalAddressesMigration } from './migrations/022-postal-addresses.ts';
import { refundedBeforeShippingMigration } from './migrations/023-refunded-before-shipping.ts';
import { orderLinesMigration } from './migrations/024-order-lines.ts';
import { oneNumberPerOrderMigration } from './migrations/025-one-number-per-order.ts';
import { noAccountVersionMigration } from './migrations/026-no-account-version.ts';
import { chargesMigration } from './migrations/027-charges.ts';
import { theWholeRangeMigration } from './migrations/028-the-whole-range.ts';
import { ordersAtVolumeMigration } from './migrations/029-orders-at-volume.ts';
import { returnsMigration } from './migrations/030-returns.ts';
import { salesFiguresMigration } from './migrations/031-sales-figures.ts';
import { staffRolesMigration } from './migrations/032-staff-roles.ts';
import { auditLogMigration } from './migrations/033-audit-log.ts';
import { shopPagesMigration } from './migrations/035-shop-pages.ts';
import { cartRemindersMigration } from './migrations/037-cart-reminders.ts';
import { reviewRepliesMigration } from './migrations/034-review-replies.ts';
import { newsletterCampaignsMigration } from './migrations/036-newsletter-campaigns.ts';
import { personalDataLookupsMigration } from './migrations/038-personal-data-lookups.ts';
import { picturesInObjectStorageMigration } from './migrations/039-pictures-in-object-storage.ts';
import { bestSellersForAnyRangeMigration } from './migrations/040-best-sellers-for-any-range.ts';
import { capturesFinishedMigration } from './migrations/041-captures-finished.ts';
import { settingsVersionMigration } from './migrations/042-settings-version.ts';
import { figuresAtTheCommitMigration } from './migrations/043-figures-at-the-commit.ts';
import { invoiceNumbersAtTheCommitMigration } from './migrations/044-invoice-numbers-at-the-commit.ts';
import { ordersAwaitingCaptureMigration } from './migrations/045-orders-awaiting-capture.ts';

/** Every migration, in order. Names sort by their number; never rename or edit a released one. */
export const migrations: Record<string, Migration> = {
  '001-catalogue': catalogueMigration,
  '002-inbox-and-rate-limits': inboxAndRateLimitsMigration,
  '003-accounts': accountsMigration,
  '004-payments': paymentsMigration,
  '005-shop-management': shopManagementMigration,
  '006-jobs': jobsMigration,
  '007-newsletter-double-opt-in': newsletterDoubleOptInMigration,
  '008-order-fulfilment': orderFulfilmentMigration,
  '009-order-lists': orderListsMigration,
  '010-order-details': orderDetailsMigration,
  '011-refunds': refundsMigration,
  '012-order-expiry': orderExpiryMigration,
  '013-webhook-event-key': webhookEventKeyMigration,
  '014-catalogue-search': catalogueSearchMigration,
  '015-product-pages': productPagesMigration,
  '016-cart-and-checkout': cartAndCheckoutMigration,
  '017-catalogue-version': catalogueVersionMigration,
  '018-order-counts': orderCountsMigration,
  '019-picture-sizes': pictureSizesMigration,
  '020-account-version': accountVersionMigration,
  '021-refund-reservations': refundReservationsMigration,
  '022-postal-addresses': postalAddressesMigration,
  '023-refunded-before-shipping': refundedBeforeShippingMigration,
  '024-order-lines': orderLinesMigration,
  '025-one-number-per-order': oneNumberPerOrderMigration,
  '026-no-account-version': noAccountVersionMigration,
  '027-charges': chargesMigration,
  '028-the-whole-range': theWholeRangeMigration,
  '029-orders-at-volume': ordersAtVolumeMigration,
  '030-returns': returnsMigration,
  '031-sales-figures': salesFiguresMigration,
  '032-staff-roles': staffRolesMigration,
  '033-audit-log': auditLogMigration,
  '035-shop-pages': shopPagesMigration,
  '037-cart-reminders': cartRemindersMigration,
  '034-review-replies': reviewRepliesMigration,
  '036-newsletter-campaigns': newsletterCampaignsMigration,
  '038-personal-data-lookups': personalDataLookupsMigration,
  '039-pictures-in-object-storage': picturesInObjectStorageMigration,
  '040-best-sellers-for-any-range': bestSellersForAnyRangeMigration,
  '041-captures-finished': capturesFinishedMigration,
  '042-settings-version': settingsVersionMigration,
  '043-figures-at-the-commit': figuresAtTheCommitMigration,
  '044-invoice-numbers-at-the-commit': invoiceNumbersAtTheCommitMigration,
  '045-orders-awaiting-capture': ordersAwaitingCaptureMigration,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Applies every pending migration; Kysely's lock keeps concurrent starts from racing. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.toString() : JSON.stringify(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * The migrations this build knows that the database has not recorded (all of them when it has no
 * record yet): a server whose database lacks one would fail on the tables it expects.
 */
export async function missingMigrations(db: Database): Promise<string[]> {
  let recorded: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    recorded = new Set(rows.map((row) => row.name));
  } catch {
    // No table of migrations: none was applied.
    recorded = new Set();
  }
  return Object.keys(migrations).filter((name) => !recorded.has(name));
}
