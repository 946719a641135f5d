import { z } from 'zod';
import { daysIn, isDay, reportIntervals, reportLimits, reportRanges } from '../report-periods.ts';

export const reportMessages = {
  day: 'A date such as 2026-11-27',
  order: 'The range must end on or after the day it starts',
  tooLong: 'A report covers at most three years: choose a shorter range',
  tooLongByDay: 'By day, a report covers at most a year: choose week or month for a longer range',
} as const;

const day = z.string().refine(isDay, reportMessages.day).meta({ description: 'A UTC day, YYYY-MM-DD' });

/** `from` to `to`, both included, at most three years. */
const rangeFields = { from: day, to: day };
const inOrder = (range: { from: string; to: string }) => !isDay(range.from) || !isDay(range.to) || range.from <= range.to;
const notTooLong = (range: { from: string; to: string }) => !inOrder(range) || daysIn(range.from, range.to) <= reportLimits.days;

export const reportRangeQuerySchema = z
  .object(rangeFields)
  .refine(inOrder, { message: reportMessages.order, path: ['to'] })
  .refine(notTooLong, { message: reportMessages.tooLong, path: ['to'] });
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

export const salesReportQuerySchema = z
  .object({ ...rangeFields, interval: z.enum(reportIntervals).default('day') })
  .refine(inOrder, { message: reportMessages.order, path: ['to'] })
  .refine(notTooLong, { message: reportMessages.tooLong, path: ['to'] })
  .refine((query) => query.interval !== 'day' || !inOrder(query) || daysIn(query.from, query.to) <= reportLimits.daysByDay, {
    message: reportMessages.tooLongByDay,
    path: ['interval'],
  });
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

const salesFiguresSchema = z.object({
  grossSales: z.number().meta({ description: 'US dollars paid for the orders paid in the period (goods, shipping and tax, after discounts)' }),
  refunds: z.number().meta({ description: 'US dollars refunded in the period, whenever the order was paid' }),
  netRevenue: z.number().meta({ description: 'grossSales − refunds' }),
  orders: z.number().int().meta({ description: 'Orders paid in the period' }),
  averageOrderValue: z.number().meta({ description: 'netRevenue ÷ orders, 0 without orders' }),
  units: z.number().int().meta({ description: 'Pieces paid in the period, less pieces refunded in it' }),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

const changeSchema = z.number().nullable().meta({ description: 'Percent change from the previous figure; null when that was 0' });

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(reportIntervals),
  previous: z.object({ from: z.string(), to: z.string() }).meta({
    description: 'The range compared with: the same days of the months before for a range from the 1st (of the year before from 1 January), else as many days just before',
  }),
  periods: z.array(
    z.object({
      start: z.string(),
      end: z.string(),
      figures: salesFiguresSchema,
      previous: z
        .object({ start: z.string(), end: z.string(), figures: salesFiguresSchema })
        .nullable()
        .meta({ description: 'The period of the same place in the previous range; null when it has fewer periods' }),
    }),
  ),
  totals: salesFiguresSchema,
  previousTotals: salesFiguresSchema,
  change: z.object({ netRevenue: changeSchema, orders: changeSchema, averageOrderValue: changeSchema, units: changeSchema }),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

const productSalesSchema = z.object({
  productId: z.string().meta({ description: "'' for products deleted since" }),
  product: z.string(),
  units: z.number().int().meta({ description: 'Pieces sold, less pieces refunded, in the range' }),
  revenue: z.number().meta({ description: 'US dollars without tax, after discounts, less refunded pieces' }),
});
export type ProductSales = z.infer<typeof productSalesSchema>;

export const productsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  byUnits: z.array(productSalesSchema).meta({ description: `At most ${reportLimits.bestSellers}, most units first` }),
  byRevenue: z.array(productSalesSchema).meta({ description: `At most ${reportLimits.bestSellers}, most revenue first` }),
  categories: z.array(
    z.object({ category: z.string().meta({ description: "The slug; '' for lines without one" }), name: z.string(), units: z.number().int(), revenue: z.number() }),
  ),
});
export type ProductsReport = z.infer<typeof productsReportSchema>;

const taxFiguresSchema = z.object({
  orders: z.number().int(),
  taxableSales: z.number().meta({ description: 'US dollars tax was charged on (goods and shipping, after discounts, without tax), less refunds' }),
  tax: z.number().meta({ description: 'Tax charged on the orders paid in the range' }),
  refundedTax: z.number().meta({ description: 'The tax in the refunds made in the range (each its share of its order’s tax)' }),
  netTax: z.number().meta({ description: 'tax − refundedTax' }),
  shipping: z.number().meta({ description: 'Shipping charged' }),
  discounts: z.number().meta({ description: 'Discounts given' }),
});

export const taxReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    taxFiguresSchema.extend({
      country: z.string().meta({ description: "ISO 3166-1; '' when unknown or collected" }),
      region: z.string().meta({ description: "ISO 3166-2, such as US-CA; '' for the whole country or unknown" }),
      collected: z.boolean().meta({ description: 'Collected at the workshop, taxed where it is' }),
      rate: z.number().meta({ description: 'The tax rate, a percentage' }),
    }),
  ),
  totals: taxFiguresSchema,
});
export type TaxReport = z.infer<typeof taxReportSchema>;

/**
 * The Reports page's form: a named range or custom days, and the interval. A custom range is held to
 * the calls' own rules, so that the page never asks for a report the server would refuse.
 */
export const reportFormSchema = z.object({ range: z.enum(reportRanges), interval: z.enum(reportIntervals), from: z.string(), to: z.string() }).superRefine((form, context) => {
  if (form.range !== 'custom') return;
  for (const field of ['from', 'to'] as const) if (!isDay(form[field])) context.addIssue({ code: 'custom', message: reportMessages.day, path: [field] });
  if (!isDay(form.from) || !isDay(form.to)) return;
  if (!inOrder(form)) context.addIssue({ code: 'custom', message: reportMessages.order, path: ['to'] });
  else if (!notTooLong(form)) context.addIssue({ code: 'custom', message: reportMessages.tooLong, path: ['to'] });
  else if (form.interval === 'day' && daysIn(form.from, form.to) > reportLimits.daysByDay)
    context.addIssue({ code: 'custom', message: reportMessages.tooLongByDay, path: ['interval'] });
});
export type ReportForm = z.infer<typeof reportFormSchema>;
