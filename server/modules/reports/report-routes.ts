import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportLimits } from '../../../common/report-periods.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { productsReportSchema, reportRangeQuerySchema, salesReportQuerySchema, salesReportSchema, taxReportSchema } from '../../../common/schemas/reports.ts';
import { productsCsv, salesCsv, taxCsv } from './report-csv.ts';
import type { ReportService } from './report-service.ts';

export interface ReportRouteOptions {
  reports: ReportService;
}

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const csvAnswer = { description: 'CSV', content: { 'text/csv': { schema: z.string() } } };
const access = { access: 'admin', right: 'reports' } as const;

/** A CSV file named for its report and range. */
const csvFile = (name: string, query: { from: string; to: string }) => `attachment; filename="joinery-${name}-${query.from}-to-${query.to}.csv"`;

/** The sales reports (ADR 041), each as JSON and as CSV, from the figures kept per day. */
export const reportRoutes: FastifyPluginAsyncZod<ReportRouteOptions> = async (app, { reports }) => {
  const salesSummary = 'Net revenue, orders, average order value and units per day, week or month of the range, beside the previous range (admins with the reports right)';
  app.get(
    '/reports/sales',
    { config: access, schema: { tags: ['reports'], summary: salesSummary, querystring: salesReportQuerySchema, response: { 200: salesReportSchema, ...refusals } } },
    (request) => reports.sales(request.query),
  );
  app.get(
    '/reports/sales.csv',
    { config: access, schema: { tags: ['reports'], summary: `${salesSummary}, as CSV`, querystring: salesReportQuerySchema, response: { 200: csvAnswer, ...refusals } } },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', csvFile('sales', request.query))
        .send(salesCsv(await reports.sales(request.query))),
  );

  const productsSummary = `The ${reportLimits.bestSellers} best sellers by units and by revenue, and sales by category, in the range (admins with the reports right)`;
  app.get(
    '/reports/products',
    { config: access, schema: { tags: ['reports'], summary: productsSummary, querystring: reportRangeQuerySchema, response: { 200: productsReportSchema, ...refusals } } },
    (request) => reports.products(request.query),
  );
  app.get(
    '/reports/products.csv',
    {
      config: access,
      schema: {
        tags: ['reports'],
        summary: `The ${reportLimits.productsInCsv} products with the most revenue, and every category, in the range, as CSV (admins with the reports right)`,
        querystring: reportRangeQuerySchema,
        response: { 200: csvAnswer, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', csvFile('products', request.query))
        .send(productsCsv(await reports.products(request.query, reportLimits.productsInCsv))),
  );

  const taxSummary = 'Tax charged and refunded per destination and rate, with shipping collected and discounts given, in the range (admins with the reports right)';
  app.get(
    '/reports/tax',
    { config: access, schema: { tags: ['reports'], summary: taxSummary, querystring: reportRangeQuerySchema, response: { 200: taxReportSchema, ...refusals } } },
    (request) => reports.tax(request.query),
  );
  app.get(
    '/reports/tax.csv',
    { config: access, schema: { tags: ['reports'], summary: `${taxSummary}, as CSV`, querystring: reportRangeQuerySchema, response: { 200: csvAnswer, ...refusals } } },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', csvFile('tax', request.query))
        .send(taxCsv(await reports.tax(request.query))),
  );
};
