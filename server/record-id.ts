import { randomUUID } from 'node:crypto';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Ids of our own records (products, reviews, orders) are random UUIDs. */
export const newRecordId = (): string => randomUUID();

export const isRecordId = (id: string): boolean => uuidPattern.test(id);
