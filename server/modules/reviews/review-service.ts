import { isPhoneAccountEmail } from '../../../common/account-contact.ts';
import { type RatingSummary, ratingSummary } from '../../../common/product-page.ts';
import { reviewReplyMessages } from '../../../common/review-replies.ts';
import type { PaginationQuery } from '../../../common/schemas/pagination.ts';
import type { ProductReview, Review, ReviewInput, StaffReview } from '../../../common/schemas/reviews.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { isRecordId, newRecordId } from '../../record-id.ts';
import type { AuditRecorder } from '../audit/audit-trail.ts';
import type { StaffActor } from '../audit/staff-actor.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import { maskEmail } from './mask-email.ts';
import type { ReviewRepository, ReviewRow } from './review-repository.ts';

/** Every review that leaves the server, its author's own included, carries the masked address, and the shop's reply when it has one. */
function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    email: maskEmail(row.email),
    review: row.review,
    ratings: row.ratings,
    ...(row.reply !== null && row.replied_at !== null && { reply: { text: row.reply, repliedAt: row.replied_at } }),
  };
}

function toProductReview(row: ReviewRow & { product_id: string }): ProductReview {
  return { ...toReview(row), productId: row.product_id, verifiedBuyer: row.verified_buyer === 1, createdAt: row.created_at };
}

function toStaffReview(row: ReviewRow, productNames: ReadonlyMap<string, string>): StaffReview {
  return {
    ...toReview(row),
    productId: row.product_id,
    productName: row.product_id === null ? null : (productNames.get(row.product_id) ?? null),
    verifiedBuyer: row.verified_buyer === 1,
    createdAt: row.created_at,
    hiddenAt: row.hidden_at,
  };
}

/** What a review's author is told when the shop answers it; queued in the reply's transaction. */
export interface ReviewNotices {
  answered(transaction: Database, review: { email: string; name: string; productId: string | null; productName: string | null; review: string; reply: string }): Promise<void>;
}

/** What reviews need to know from the catalogue and the orders, asked through their own services, and how staff actions are told and recorded. */
export interface ReviewDependencies {
  catalogue: { exists(productId: string): Promise<boolean>; namesOf(productIds: readonly string[]): Promise<Map<string, string>> };
  purchases: { hasBought(buyer: SignedInUser, productId: string): Promise<boolean> };
  notices: ReviewNotices;
  /** Hiding, showing and replying are staff actions: each is recorded in its own transaction (ADR 043). */
  audit: AuditRecorder;
}

const noSuchProduct = () => notFound('No product has that id.');
const noSuchReview = () => notFound('No review has that id.');

export function createReviewService(reviews: ReviewRepository, clock: Clock, { catalogue, purchases, notices, audit }: ReviewDependencies) {
  /** The review, held for the rest of `transaction`; 404 when there is none. */
  async function holdReview(transaction: Database, id: string): Promise<ReviewRow> {
    const row = isRecordId(id) ? await reviews.hold(transaction, id) : undefined;
    if (!row) throw noSuchReview();
    return row;
  }

  /**
   * The name of the product a review is about, read before its transaction: the catalogue answers
   * outside it (SQLite's one connection is the transaction's until it ends), and a review never
   * changes product.
   */
  async function productNameOf(id: string): Promise<string | null> {
    const productId = isRecordId(id) ? await reviews.productIdOf(id) : null;
    return productId ? ((await catalogue.namesOf([productId])).get(productId) ?? null) : null;
  }

  /**
   * What an audit record says of a review: what it is about, in words. Never its author's name or
   * address: the audit trail is never changed, so an erasure (ADR 046) could not take them out of it.
   */
  const factsOf = (row: ReviewRow, productName: string | null) => ({ product: productName ?? 'none', rating: row.ratings });

  const staffReviewOf = (row: ReviewRow, productName: string | null) =>
    toStaffReview(row, new Map(row.product_id !== null && productName !== null ? [[row.product_id, productName]] : []));

  return {
    /** The public's reviews, newest first: hidden ones are left out. */
    async list(page: PaginationQuery): Promise<{ items: Review[]; total: number; capped: boolean }> {
      const { rows, total, capped } = await reviews.listNewestFirst(page);
      return { items: rows.map(toReview), total, capped };
    },

    /** One product's shown reviews, newest first; an unknown product answers 404. */
    async listForProduct(productId: string, page: PaginationQuery): Promise<{ items: ProductReview[]; total: number }> {
      if (!(await catalogue.exists(productId))) throw noSuchProduct();
      const { rows, total } = await reviews.listForProduct(productId, page);
      return { items: rows.map((row) => toProductReview({ ...row, product_id: productId })), total };
    },

    /** How many shown reviews name the product, and their average rating: counted from the reviews each time. */
    async ratingOf(productId: string): Promise<RatingSummary> {
      const { count, sum } = await reviews.ratingsOf(productId);
      return ratingSummary(sum, count);
    },

    /** Every review, hidden ones too, newest first, with its product's name: the staff's Reviews page. */
    async listForStaff(page: PaginationQuery): Promise<{ items: StaffReview[]; total: number; capped: boolean }> {
      const { rows, total, capped } = await reviews.listAllNewestFirst(page);
      const names = await catalogue.namesOf(rows.flatMap((row) => (row.product_id === null ? [] : [row.product_id])));
      return { items: rows.map((row) => toStaffReview(row, names)), total, capped };
    },

    /**
     * Hides a review from every public list and rating, or shows it again, and records it, in one
     * transaction that holds the review: a second hide, or one racing another, finds it hidden and
     * changes and records nothing. The rating is counted from the shown reviews when it is read, so
     * there is no figure to keep in step.
     */
    async setHidden(id: string, hidden: boolean, actor: StaffActor): Promise<StaffReview> {
      const productName = await productNameOf(id);
      return reviews.inTransaction(async (transaction) => {
        const row = await holdReview(transaction, id);
        if ((row.hidden_at !== null) === hidden) return staffReviewOf(row, productName);
        const hiddenAt = hidden ? clock().toISOString() : null;
        await reviews.setHidden(transaction, row.id, hiddenAt);
        await audit(transaction, actor, {
          kind: hidden ? 'review.hidden' : 'review.shown',
          subject: row.id,
          detail: { changes: [{ field: 'hidden', before: !hidden, after: hidden }], facts: factsOf(row, productName) },
        });
        return staffReviewOf({ ...row, hidden_at: hiddenAt }, productName);
      });
    },

    /**
     * The shop's public reply under a shown review, replacing any earlier one, recorded with the text
     * before and after. The author is told by e-mail the first time their review is answered: marked in
     * the same transaction, under the review's hold, so once however often the reply is sent or edited.
     * The same text again (a retried request) changes, records and sends nothing.
     */
    async reply(id: string, text: string, actor: StaffActor): Promise<StaffReview> {
      const productName = await productNameOf(id);
      return reviews.inTransaction(async (transaction) => {
        const row = await holdReview(transaction, id);
        if (row.hidden_at !== null) throw conflict(reviewReplyMessages.hiddenCannotBeAnswered);
        if (row.reply === text) return staffReviewOf(row, productName);
        const now = clock().toISOString();
        const replied = { reply: text, replied_at: now, replied_by: actor.userId };
        await reviews.setReply(transaction, row.id, replied);
        await audit(transaction, actor, {
          kind: 'review.replied',
          subject: row.id,
          detail: { changes: [{ field: 'reply', before: row.reply, after: text }], facts: factsOf(row, productName) },
        });
        // A phone account's made-up address (or an erased one's) can receive nothing: its author reads the reply on the page.
        if (row.reply_mailed_at === null && !isPhoneAccountEmail(row.email)) {
          await reviews.setReplyMailed(transaction, row.id, now);
          await notices.answered(transaction, { email: row.email, name: row.name, productId: row.product_id, productName, review: row.review, reply: text });
        }
        return staffReviewOf({ ...row, ...replied }, productName);
      });
    },

    /**
     * A review by whoever is signed in: their name and e-mail come from the session, never from the
     * request. Stamped now, so it is the newest (the home page shows the newest three). A review of a
     * product is marked as a verified buyer's when its author has a paid order of it now: decided
     * here, once, from the orders, never from anything the browser says.
     */
    async add(author: SignedInUser, input: ReviewInput): Promise<Review & { productId: string | null; verifiedBuyer: boolean }> {
      const productId = input.productId ?? null;
      if (productId !== null && !(await catalogue.exists(productId))) {
        throw new AppError(400, 'VALIDATION_FAILED', 'That tool is no longer in the catalogue. Choose another, or none.');
      }
      const verifiedBuyer = productId !== null && (await purchases.hasBought(author, productId));
      const row: ReviewRow = {
        id: newRecordId(),
        name: author.name,
        email: author.email,
        review: input.review,
        ratings: input.ratings,
        created_at: clock().toISOString(),
        product_id: productId,
        verified_buyer: verifiedBuyer ? 1 : 0,
        hidden_at: null,
        reply: null,
        replied_at: null,
        replied_by: null,
        reply_mailed_at: null,
      };
      await reviews.insert(row);
      return { ...toReview(row), productId, verifiedBuyer };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
