import { z } from 'zod';
import { discountKinds } from '../order-pricing.ts';
import { dollarAmountSchema } from './dollar-amounts.ts';
import { categorySlugPattern } from './products.ts';

export const discountCodeLimits = { code: 32, products: 100 } as const;

export const discountCodeMessages = {
  code: `A code is 3 to ${discountCodeLimits.code} letters, digits, dashes or underscores`,
  percent: 'A whole percentage from 1 to 100',
  amount: 'An amount from $0.01, in dollars and cents',
  minSubtotal: 'An amount in dollars and cents, or nothing',
  uses: 'A whole number of uses, at least 1, or nothing for no limit',
  endsBeforeStart: 'The code must end after it starts',
  exists: 'There is a code with this name already',
  valueRequired: 'Give what the code takes off',
  day: 'A day, such as 2026-12-01',
  lastDayBeforeFirst: 'The last day must not be before the first',
  deleted: (code: string) => `${code} is deleted.`,
  created: (code: string) => `${code} is ready to use.`,
} as const;

/** How codes are written: people type them in any case, the shop keeps them upper-case. */
export const discountCodeText = z
  .string({ error: discountCodeMessages.code })
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[A-Z0-9_-]{3,${discountCodeLimits.code}}$`), discountCodeMessages.code);

/** A category's slug; the server checks that the shop keeps it. */
const categorySlug = z.string().max(60).regex(categorySlugPattern, 'Choose one of our categories');
const uses = z.number({ error: discountCodeMessages.uses }).int(discountCodeMessages.uses).min(1, discountCodeMessages.uses).max(1_000_000_000, discountCodeMessages.uses);
const instant = z.iso.datetime({ offset: true, error: 'A date and time, such as 2026-12-01T00:00:00Z' });

/**
 * `POST /discount-codes` (admins): a code that takes a percentage, an amount or the shipping off, with
 * its conditions: a minimum subtotal, when it may be used, how often in all and by each customer, and
 * the products or categories it is for (none named: everything).
 */
export const discountCodeInputSchema = z
  .object({
    code: discountCodeText,
    kind: z.enum(discountKinds),
    value: z.number().meta({ description: 'percent: a whole percentage (10 for 10 %); amount: US dollars; free_shipping: ignored' }),
    minSubtotal: dollarAmountSchema({ min: 0, max: 1_000_000, message: discountCodeMessages.minSubtotal })
      .optional()
      .meta({ description: 'US dollars of goods the order must reach' }),
    startsAt: instant.optional(),
    endsAt: instant.optional(),
    maxUses: uses.optional().meta({ description: 'Orders that may use it in all' }),
    maxUsesPerCustomer: uses.optional().meta({ description: 'Orders one customer (an account, or a guest’s e-mail address) may use it for' }),
    productIds: z.array(z.string().trim().min(1).max(200)).max(discountCodeLimits.products).optional(),
    categories: z.array(categorySlug).max(50).optional(),
  })
  .superRefine((input, context) => {
    if (input.kind === 'percent' && !(Number.isInteger(input.value) && input.value >= 1 && input.value <= 100)) {
      context.addIssue({ code: 'custom', path: ['value'], message: discountCodeMessages.percent });
    }
    if (input.kind === 'amount' && !dollarAmountSchema({ min: 0.01, max: 1_000_000, message: '' }).safeParse(input.value).success) {
      context.addIssue({ code: 'custom', path: ['value'], message: discountCodeMessages.amount });
    }
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: discountCodeMessages.endsBeforeStart });
    }
  });
export type DiscountCodeInput = z.infer<typeof discountCodeInputSchema>;

/** A day as a date input gives it (2026-12-01), or blank. */
const formDay = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, discountCodeMessages.day)
  .optional();

/** The instant a day begins where the form is filled in (the admin's own time zone). */
function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00`);
}

/** The instant a day ends: the next day's start, when the code stops working (`endsAt` is not included). */
function endOfDay(day: string): Date {
  const next = startOfDay(day);
  next.setDate(next.getDate() + 1);
  return next;
}

/**
 * The dashboard's form for a new code: the days it works typed as dates (the first and the last, in
 * the admin's time zone, both whole), blank numbers left out. It gives the request
 * `POST /discount-codes` takes, checked by the same rules and messages.
 */
export const discountCodeFormSchema = z
  .object({
    code: discountCodeText,
    kind: z.enum(discountKinds),
    value: z.number({ error: discountCodeMessages.valueRequired }).optional(),
    minSubtotal: dollarAmountSchema({ min: 0, max: 1_000_000, message: discountCodeMessages.minSubtotal }).optional(),
    startsOn: formDay,
    endsOn: formDay,
    maxUses: uses.optional(),
    maxUsesPerCustomer: uses.optional(),
    categories: z.array(categorySlug).max(50).optional(),
  })
  .superRefine((form, context) => {
    if (form.kind === 'percent' && !(form.value !== undefined && Number.isInteger(form.value) && form.value >= 1 && form.value <= 100)) {
      context.addIssue({ code: 'custom', path: ['value'], message: discountCodeMessages.percent });
    }
    if (form.kind === 'amount' && !dollarAmountSchema({ min: 0.01, max: 1_000_000, message: '' }).safeParse(form.value).success) {
      context.addIssue({ code: 'custom', path: ['value'], message: discountCodeMessages.amount });
    }
    // Days as 2026-12-01 compare as text.
    if (form.startsOn && form.endsOn && form.endsOn < form.startsOn) {
      context.addIssue({ code: 'custom', path: ['endsOn'], message: discountCodeMessages.lastDayBeforeFirst });
    }
  })
  .transform((form): DiscountCodeInput => ({
    code: form.code,
    kind: form.kind,
    value: form.kind === 'free_shipping' ? 0 : (form.value ?? 0),
    ...(form.minSubtotal !== undefined && { minSubtotal: form.minSubtotal }),
    ...(form.startsOn && { startsAt: startOfDay(form.startsOn).toISOString() }),
    ...(form.endsOn && { endsAt: endOfDay(form.endsOn).toISOString() }),
    ...(form.maxUses !== undefined && { maxUses: form.maxUses }),
    ...(form.maxUsesPerCustomer !== undefined && { maxUsesPerCustomer: form.maxUsesPerCustomer }),
    ...(form.categories && form.categories.length > 0 && { categories: form.categories }),
  }));
export type DiscountCodeForm = z.input<typeof discountCodeFormSchema>;

export const discountCodeSchema = z.object({
  code: z.string(),
  kind: z.enum(discountKinds),
  value: z.number(),
  minSubtotal: z.number().optional(),
  startsAt: z.string().optional(),
  endsAt: z.string().optional(),
  maxUses: z.number().int().optional(),
  maxUsesPerCustomer: z.number().int().optional(),
  productIds: z.array(z.string()),
  categories: z.array(z.string()),
  uses: z.number().int().meta({ description: 'Orders holding it now: placed and not cancelled' }),
  createdAt: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

export const discountCodeParamsSchema = z.object({ code: z.string().max(64) });

/** The cart's and the checkout's code box: one code, as people type it. */
export const discountCodeEntrySchema = z.object({ code: discountCodeText });
export type DiscountCodeEntry = z.infer<typeof discountCodeEntrySchema>;
