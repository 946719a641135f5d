import type { FastifyReply } from 'fastify';
import { totalCountCappedHeader, totalCountHeader } from '../common/pagination.ts';

/**
 * A list call's answer: the page's items, with the total in X-Total-Count (design.md's wire contract),
 * and X-Total-Count-Capped when the total is only how many were counted (ADR 021).
 */
export function sendPage<T>(reply: FastifyReply, { items, total, capped }: { items: T[]; total: number; capped?: boolean }): T[] {
  reply.header(totalCountHeader, total);
  if (capped) reply.header(totalCountCappedHeader, 'true');
  return items;
}
