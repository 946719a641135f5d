import type { FastifyReply } from 'fastify';
import { totalCountHeader } from '../common/pagination.ts';

/** A list call's answer: the page's items, with the total in X-Total-Count (design.md's wire contract). */
export function sendPage<T>(reply: FastifyReply, { items, total }: { items: T[]; total: number }): T[] {
  reply.header(totalCountHeader, total);
  return items;
}
