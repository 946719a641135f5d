import { z } from 'zod';
import { carrierLimits, knownCarriers, trackingNumberPattern } from '../carriers.ts';
import { orderNumberLabel, parseOrderNumber } from '../ordering.ts';
import { shipmentSchema, shippingMessages } from './orders.ts';

/**
 * Shipping several orders in one action (issue 28): each order by its number, with its own tracking
 * number, all with one carrier. The admin pastes a list or chooses a CSV file of order number and
 * tracking number; `parseShipmentList` reads it, and `POST /orders/shipments` ships each order.
 */

export const bulkShipmentLimits = { entries: 500, orderNumber: 30 } as const;

export const bulkShipmentMessages = {
  carrierRequired: shippingMessages.carrierRequired,
  noEntries: 'Paste at least one line of an order number and its tracking number',
  tooMany: `At most ${bulkShipmentLimits.entries} orders at a time`,
  orderNumberRequired: 'An order number is needed',
  trackingRequired: 'A tracking number is needed',
} as const;

const carrierNames = knownCarriers.map((carrier) => carrier.name) as [string, ...string[]];

/** One order to ship: its number as the shop writes it (J-1042), and the parcel's tracking number. */
export const bulkShipmentEntrySchema = z.object({
  orderNumber: z.string().trim().min(1, bulkShipmentMessages.orderNumberRequired).max(bulkShipmentLimits.orderNumber).meta({ description: 'The order number, such as J-1042' }),
  trackingNumber: z
    .string({ error: bulkShipmentMessages.trackingRequired })
    .trim()
    .min(1, bulkShipmentMessages.trackingRequired)
    .max(carrierLimits.trackingNumber, shippingMessages.trackingInvalid)
    .regex(trackingNumberPattern, shippingMessages.trackingInvalid),
});
export type BulkShipmentEntry = z.infer<typeof bulkShipmentEntrySchema>;

/** `POST /orders/shipments`: one carrier, and each order with its tracking number. */
export const bulkShipmentInputSchema = z.object({
  carrier: z.enum(carrierNames, { error: bulkShipmentMessages.carrierRequired }).meta({ description: 'One of the known carriers (common/carriers.ts)' }),
  entries: z.array(bulkShipmentEntrySchema).min(1, bulkShipmentMessages.noEntries).max(bulkShipmentLimits.entries, bulkShipmentMessages.tooMany),
});
export type BulkShipmentInput = z.infer<typeof bulkShipmentInputSchema>;

/** What was shipped, and what was not and why, each named by the number it was given as. */
export const bulkShipmentResultSchema = z.object({
  shipped: z.array(z.object({ orderNumber: z.string(), orderId: z.string() })),
  skipped: z.array(z.object({ orderNumber: z.string(), reason: z.string() })),
});
export type BulkShipmentResult = z.infer<typeof bulkShipmentResultSchema>;

/** A line of a pasted list that could not be read: its number (from 1), what it held, and why. */
export interface UnreadableLine {
  line: number;
  text: string;
  reason: string;
}

export interface ShipmentList {
  entries: BulkShipmentEntry[];
  unreadable: UnreadableLine[];
}

/** The cells of one CSV line, with quoted cells ("…", "" for a quote) read as CSV writes them. */
function csvCells(line: string, separator: string): string[] | undefined {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  if (quoted) return undefined;
  cells.push(cell);
  return cells.map((text) => text.trim());
}

/** The order number and tracking number a line holds: separated by a comma, semicolon or tab, or else by the first space. */
function cellsOf(line: string): string[] | undefined {
  const separator = [',', ';', '\t'].find((candidate) => line.includes(candidate));
  if (separator) return csvCells(line, separator);
  const match = /^(\S+)\s+(.+)$/.exec(line.trim());
  return match ? [match[1]!, match[2]!.trim()] : [line.trim()];
}

/** A header row, such as "order,tracking" or "Order number;Tracking number". */
const isHeader = (cells: string[]) => /order/i.test(cells[0] ?? '') && parseOrderNumber(cells[0] ?? '') === undefined && /track/i.test(cells[1] ?? '');

/**
 * Reads a pasted list, or a CSV file's text, of orders to ship: one order a line, "J-1042
 * 1Z999AA10123456784", "J-1042,1Z999AA10123456784", or two CSV columns with an optional header row
 * ("order,tracking"). Blank lines are passed over. Answers the orders read, numbers written as the
 * shop writes them (j1042 is J-1042), and each line it could not read, with its number and why.
 */
export function parseShipmentList(text: string): ShipmentList {
  const entries: BulkShipmentEntry[] = [];
  const unreadable: UnreadableLine[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let seenContent = false;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const first = !seenContent;
    seenContent = true;
    const refuse = (reason: string) => unreadable.push({ line: index + 1, text: line, reason });
    const cells = cellsOf(line);
    if (!cells) return refuse('A quote is not closed');
    if (first && isHeader(cells)) return;
    const [orderCell = '', trackingCell = '', ...rest] = cells;
    if (rest.some((cell) => cell !== '')) return refuse('Expected two columns: the order number and the tracking number');
    const number = parseOrderNumber(orderCell);
    if (number === undefined) return refuse(orderCell ? `“${orderCell}” is not an order number` : bulkShipmentMessages.orderNumberRequired);
    if (!trackingCell) return refuse(bulkShipmentMessages.trackingRequired);
    const tracking = shipmentSchema.shape.trackingNumber.safeParse(trackingCell);
    if (!tracking.success) return refuse(tracking.error.issues[0]?.message ?? shippingMessages.trackingInvalid);
    entries.push({ orderNumber: orderNumberLabel(number), trackingNumber: trackingCell });
  });
  return { entries, unreadable };
}

/**
 * Manage Orders' Ship several dialog: the carrier and the pasted list (or a CSV file's text), read
 * by `parseShipmentList` into the request the server checks. Lines it cannot read are shown, not sent.
 */
export const bulkShipFormSchema = z
  .object({
    carrier: z.string(),
    list: z.string(),
  })
  .superRefine(({ carrier, list }, context) => {
    if (!carrierNames.includes(carrier)) context.addIssue({ code: 'custom', path: ['carrier'], message: bulkShipmentMessages.carrierRequired });
    const { entries } = parseShipmentList(list);
    if (entries.length === 0) context.addIssue({ code: 'custom', path: ['list'], message: bulkShipmentMessages.noEntries });
    if (entries.length > bulkShipmentLimits.entries) context.addIssue({ code: 'custom', path: ['list'], message: bulkShipmentMessages.tooMany });
  })
  .transform(({ carrier, list }): BulkShipmentInput => ({ carrier, entries: parseShipmentList(list).entries }));
