import { z } from 'zod';
import { maxPageSize } from '../pagination.ts';

/** `limit` and `offset` of every list call; the total count travels in the X-Total-Count header. */
export const paginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(maxPageSize).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;
