import { z } from 'zod';
import { maxPageSize, parseListCursor } from '../pagination.ts';

/** `limit` and `offset` of every list call; the total count travels in the X-Total-Count header. */
export const paginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(maxPageSize).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

const listCursorSchema = z
  .string()
  .refine((cursor) => parseListCursor(cursor) !== undefined, 'must be an item’s created time and id, as the list gave them')
  .meta({ description: 'An item’s createdAt and _id joined by “_”, as in 2026-11-25T10:00:00.000Z_<id>' });

/**
 * A list read by keyset, for lists that grow without end: `after` an item (the next, older page) or
 * `before` one (the previous, newer page), instead of an offset that reads every row it skips.
 */
export const cursorQueryFields = {
  after: listCursorSchema.optional(),
  before: listCursorSchema.optional(),
};

/** A cursor and an offset, or two cursors, do not make one page. */
export function oneWayToPage(query: { offset: number; after?: string | undefined; before?: string | undefined }): boolean {
  const cursors = (query.after ? 1 : 0) + (query.before ? 1 : 0);
  return cursors === 0 || (cursors === 1 && query.offset === 0);
}
export const oneWayToPageMessage = { message: 'Give one of after, before and offset', path: ['after'] };

/** `limit` with `offset`, or `after` or `before` a place: a list that pages by keyset (ADR 021). */
export const keysetPaginationQuerySchema = paginationQuerySchema.extend(cursorQueryFields).refine(oneWayToPage, oneWayToPageMessage);
export type KeysetPaginationQuery = z.infer<typeof keysetPaginationQuerySchema>;
