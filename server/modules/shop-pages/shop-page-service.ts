import type { AuditChange } from '../../../common/schemas/audit-log.ts';
import {
  type EditableShopPage,
  type PublishedShopPage,
  type ShopPageEditor,
  shopPageMessages,
  type ShopPageInput,
  type TermsAccepted,
} from '../../../common/schemas/shop-pages.ts';
import { fillPagePlaceholders, isShopPageSlug, returnWindowInWords, type ShopPageSlug, shopPageLabels, shopPageSlugs, termsSlug } from '../../../common/shop-pages.ts';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../errors.ts';
import type { AuditRecorder } from '../audit/audit-trail.ts';
import type { StaffActor } from '../audit/staff-actor.ts';
import { shopPageDescription } from './shop-page-description.ts';
import type { PageVersionRow, ShopPageRepository } from './shop-page-repository.ts';

export interface ShopPageServiceParts {
  pages: ShopPageRepository;
  /** The return window's setting, in days: the returns policy says it wherever it reads `{return window}`. */
  returnWindowDays: () => Promise<number>;
  /** Records each publish in the audit trail, in the publish's own transaction. */
  audit: AuditRecorder;
  clock: Clock;
  /** Told after each publish: the terms in force are kept with what prices an order (pricing-tables-cache.ts), and this process's next order accepts the new ones. */
  changed: () => void;
}

function slugOf(slug: string): ShopPageSlug {
  if (!isShopPageSlug(slug)) throw notFound(shopPageMessages.unknownPage);
  return slug;
}

function toEditable(row: PageVersionRow): EditableShopPage {
  return { slug: row.slug as ShopPageSlug, title: row.title, body: row.body, version: row.version, publishedAt: row.published_at };
}

/** What a publish changed, as the audit trail keeps it: the version, and the title when it moved (the text is the version itself, kept). */
function publishChanges(before: PageVersionRow | undefined, published: PageVersionRow): AuditChange[] {
  const changes: AuditChange[] = [{ field: 'version', before: before?.version ?? null, after: published.version }];
  if (before?.title !== published.title) changes.push({ field: 'title', before: before?.title ?? null, after: published.title });
  return changes;
}

/**
 * The pages the owner writes (ADR 044): read by anyone as published now, with their placeholders
 * filled from the settings; published by staff with the `content` right, each publish a new version
 * that is kept. Orders read from here which version of the terms is in force.
 */
export function createShopPageService({ pages, returnWindowDays, audit, clock, changed }: ShopPageServiceParts) {
  async function current(slug: ShopPageSlug): Promise<PageVersionRow> {
    const row = await pages.current(slug);
    if (!row) throw notFound(shopPageMessages.unknownPage);
    return row;
  }

  return {
    /** The page as readers get it: its version in force, `{return window}` filled in. */
    async published(slug: string): Promise<PublishedShopPage> {
      const [row, days] = await Promise.all([current(slugOf(slug)), returnWindowDays()]);
      const body = fillPagePlaceholders(row.body, { returnWindow: returnWindowInWords(days) });
      return { ...toEditable(row), body, description: shopPageDescription(body) };
    },

    /** Every page as its editor reads it, in the menu's order, and what each placeholder reads as now. */
    async editor(): Promise<ShopPageEditor> {
      const [all, days] = await Promise.all([pages.currentAll(), returnWindowDays()]);
      const rows = new Map(all.map((row) => [row.slug, row]));
      return {
        pages: shopPageSlugs.flatMap((slug) => {
          const row = rows.get(slug);
          return row ? [toEditable(row)] : [];
        }),
        placeholders: { returnWindow: returnWindowInWords(days) },
      };
    },

    /** Publishes the page's next version, recorded in the audit trail in the same transaction. */
    async publish(slug: string, input: ShopPageInput, actor: StaffActor): Promise<EditableShopPage> {
      const page = slugOf(slug);
      const published = await pages.publish(page, { ...input, publishedAt: clock().toISOString() }, (trx, before, made) =>
        audit(trx, actor, { kind: 'page.published', subject: page, detail: { changes: publishChanges(before, made), facts: { page: shopPageLabels[page] } } }),
      );
      changed();
      return toEditable(published);
    },

    /** The number of the terms' version in force, for an order being placed; undefined before any is published. */
    termsInForce: () => pages.currentVersion(termsSlug),

    /** A version of the terms as an order's staff read it: its number and when it was published. */
    async termsVersion(version: number): Promise<TermsAccepted | undefined> {
      const row = await pages.version(termsSlug, version);
      return row && { version: row.version, publishedAt: row.published_at };
    },
  };
}

export type ShopPageService = ReturnType<typeof createShopPageService>;
