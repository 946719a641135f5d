import { z } from 'zod';
import { auditKinds } from '../audit-kinds.ts';
import { cursorQueryFields, oneWayToPage, oneWayToPageMessage, paginationQuerySchema } from './pagination.ts';

/** A value the audit trail keeps: what a field held, or a fact about the action. */
const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type AuditValue = z.infer<typeof auditValueSchema>;

/** One field an action changed, as it was and as it became; `money` when the values are dollars. */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: auditValueSchema,
  after: auditValueSchema,
  money: z.boolean().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/**
 * What a record says beside its kind and subject: the fields changed (before and after), and facts
 * about the action in words (a refund's amount and lines, a shipment's tracking number, an export's filter).
 */
export const auditDetailSchema = z.object({
  changes: z.array(auditChangeSchema).optional(),
  facts: z.record(z.string(), z.union([auditValueSchema, z.array(z.string())])).optional(),
});
export type AuditDetail = z.infer<typeof auditDetailSchema>;

/** One record of the audit trail, as `GET /audit-log` answers it. */
export const auditRecordSchema = z.object({
  _id: z.string(),
  createdAt: z.string().meta({ description: 'When the action was taken (ISO 8601, UTC)' }),
  actorEmail: z.string().meta({ description: 'Who acted, as their e-mail was then' }),
  actorIp: z.string().meta({ description: 'The address they acted from' }),
  kind: z.enum(auditKinds),
  subject: z.string().meta({ description: 'What was acted on: an order number, a product id, a person’s e-mail' }),
  detail: auditDetailSchema,
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

const day = z.iso.date({ error: 'A date, such as 2026-11-27' });

/** `GET /audit-log`: newest first, narrowed to a person (their e-mail), a kind and days from and to (both included). */
export const auditLogQuerySchema = paginationQuerySchema
  .extend({
    ...cursorQueryFields,
    actor: z.string().trim().toLowerCase().max(254).optional().meta({ description: 'Only what the person with this e-mail did' }),
    kind: z.enum(auditKinds).optional(),
    from: day.optional().meta({ description: 'From this day (UTC), included' }),
    to: day.optional().meta({ description: 'To this day (UTC), included' }),
  })
  .refine(oneWayToPage, oneWayToPageMessage)
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'The first day comes before the last', path: ['to'] });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** The Audit page's filter form: what it types, before it becomes a query. */
export const auditFilterFormSchema = z
  .object({
    actor: z.string().trim().max(254),
    kind: z.union([z.enum(auditKinds), z.literal('')]),
    from: z.union([day, z.literal('')]),
    to: z.union([day, z.literal('')]),
  })
  .refine((form) => !form.from || !form.to || form.from <= form.to, { message: 'The first day comes before the last', path: ['to'] });
export type AuditFilterForm = z.infer<typeof auditFilterFormSchema>;
