/**
 * Returns and exchanges (issue 28, ADR 040): why a customer may send pieces back, how long after
 * delivery they may, and how a return is named. The server and the web app read the same rules.
 */

/** Why a customer sends pieces back: one of these, with a note of their own if they like. */
export const returnReasons = ['wrong-size-or-variant', 'damaged', 'not-as-described', 'no-longer-needed', 'other'] as const;
export type ReturnReason = (typeof returnReasons)[number];

export const returnReasonLabels: Record<ReturnReason, string> = {
  'wrong-size-or-variant': 'Wrong size or variant',
  damaged: 'Arrived damaged',
  'not-as-described': 'Not as described',
  'no-longer-needed': 'No longer needed',
  other: 'Another reason',
};

export const returnStatuses = ['requested', 'approved', 'refused', 'received'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: 'Waiting for the shop',
  approved: 'Approved: send the parcel',
  refused: 'Refused',
  received: 'Received',
};

export const returnResolutions = ['refund', 'exchange'] as const;
export type ReturnResolution = (typeof returnResolutions)[number];

/** The return window until the owner sets another: days after delivery. */
export const defaultReturnWindowDays = 30;
export const returnWindowLimits = { min: 0, max: 365 } as const;

const dayMs = 86_400_000;

/** The last moment pieces of an order delivered then may be asked back: `days` whole days after delivery. */
export function returnWindowEnd(deliveredAt: string, days: number): string {
  return new Date(new Date(deliveredAt).getTime() + days * dayMs).toISOString();
}

/** How a return is named to its customer and the workshop: its order's number and its place among the order's returns. */
export function returnNumberOf(orderNumber: string, seq: number): string {
  return `${orderNumber}-R${seq}`;
}

export const returnLimits = { note: 1000, refusalReason: 500 } as const;

export const returnMessages = {
  chooseReason: 'Choose why you are sending them back',
  choosePieces: 'Choose at least one piece to send back',
  noteTooLong: `A note is at most ${returnLimits.note.toLocaleString('en-US')} characters`,
  refusalReasonRequired: 'Say why the return is refused: the customer reads it',
  refusalReasonTooLong: `At most ${returnLimits.refusalReason} characters`,
  resolutionRequired: 'Choose a refund or an exchange',
  variantRequired: 'Choose the variant to send instead',
  windowDays: `Between ${returnWindowLimits.min} and ${returnWindowLimits.max} days`,
} as const;
