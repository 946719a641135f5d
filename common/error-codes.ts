/**
 * Every error code the shop's API answers, declared once with its HTTP status and a default message
 * (used when the place that raises it has nothing more precise to say). The server's helpers
 * (`server/errors.ts`) take only these codes, and the web app matches only these, so a code that is
 * not declared here does not compile. `common/error-codes.test.ts` checks that each is used.
 *
 * A code is stable: it keeps its meaning for as long as it exists. Add a new one rather than change one.
 */
interface ErrorDeclaration {
  readonly status: number;
  readonly message: string;
}

export const apiErrors = {
  // Any route.
  /** A body, query or path that breaks its schema or a business rule; malformed JSON; a body nested too deeply. */
  VALIDATION_FAILED: { status: 400, message: 'Check the form and try again.' },
  /** A new password that is on the list of the most common ones (sign-up, reset, change). */
  PASSWORD_TOO_COMMON: { status: 400, message: 'This password is too common. Please choose another.' },
  /** A call that needs a signed-in person, without a session. */
  UNAUTHENTICATED: { status: 401, message: 'Please log in first.' },
  /** Signed in, but not allowed (another person's orders or profile, an admin's call, a page outside the shop). */
  FORBIDDEN: { status: 403, message: 'You may not do this.' },
  /** A missing record, or an unknown API path. */
  NOT_FOUND: { status: 404, message: 'There is nothing here.' },
  /** The request is sound but the record's state forbids it (changed meanwhile, for one); the precise ones follow. */
  CONFLICT: { status: 409, message: 'The record changed meanwhile. Reload and try again.' },
  /** A body over 1 MB, or a product picture over 25 MB. */
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  /** A body of a type the route does not read; a picture that is not JPEG, PNG or WebP. */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request is of a type this call does not read.' },
  /** Too many calls from one client (forms, card attempts, sign-in), or codes to one number. */
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please try again later.' },
  /** Anything unexpected: logged with the request id, answered with this message only. */
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  /** `GET /api/health` when the database does not answer; `/api/health/ready` also while a migration is missing or the process is stopping. */
  UNAVAILABLE: { status: 503, message: 'The shop is not available. Please try again shortly.' },

  // The cart and the address book.
  CART_FULL: { status: 409, message: 'Your cart holds as many different tools as it can. Please check out or remove some first.' },
  CART_EMPTY: { status: 409, message: 'Your cart is empty.' },
  /** A line of the cart can no longer be ordered as it is (gone, short of stock, over the order's total). */
  CART_NOT_READY: { status: 409, message: 'Your cart cannot be checked out as it is. Please check its lines.' },
  ADDRESS_BOOK_FULL: { status: 409, message: 'Your address book is full. Please delete an address first.' },

  // Orders and their payment.
  ORDER_PAID: { status: 409, message: 'This order is already paid.' },
  /** A receipt asked of an order that is not paid. */
  ORDER_UNPAID: { status: 409, message: 'This order has no receipt until it is paid.' },
  ORDER_CANCELLED: { status: 409, message: 'This order has been cancelled.' },
  OUT_OF_STOCK: { status: 409, message: 'There is not enough of a tool in stock for this order.' },
  PRODUCT_GONE: { status: 409, message: 'A tool of this order is no longer sold.' },
  /** The processor has no completed payment for the order and its amount. */
  PAYMENT_NOT_CONFIRMED: { status: 409, message: 'The card processor has no completed payment for this order and amount.' },
  /** The card processor failed or could not be reached (a payment, or a refund then held for another try). */
  PAYMENT_FAILED: { status: 502, message: 'The card processor could not be reached. Please try again.' },

  // Shipping (ADR 034).
  ORDER_REFUNDED: { status: 409, message: 'This order was refunded in full before it was sent: there is nothing to ship.' },
  NOTHING_TO_SHIP: { status: 409, message: 'Every piece of this order has been sent or refunded already.' },
  UNKNOWN_LINE: { status: 409, message: 'This order has no such line.' },
  SHIPMENT_TOO_LARGE: { status: 409, message: 'Fewer pieces are left to ship.' },

  // Refunds (ADR 012, ADR 029).
  ORDER_NOT_PAID: { status: 409, message: 'Only a paid order can be refunded.' },
  REFUND_TOO_LARGE: { status: 409, message: 'Less of this order is left to refund.' },
  RESTOCK_NEEDS_LINES: { status: 409, message: 'Choose the items to return to stock: refund by item for an order of several lines.' },
  RESTOCK_TOO_LARGE: { status: 409, message: 'Fewer pieces can still go back to stock.' },
  /** A refund key used again with another amount or other pieces. */
  IDEMPOTENCY_KEY_REUSED: { status: 409, message: 'This refund key was used for another refund. Open the refund form again.' },
  /** The processor refused the refund; the call's message gives its words. */
  REFUND_REFUSED: { status: 409, message: 'The card processor refused the refund.' },
  /** The processor made a refund the order no longer has room for. */
  REFUND_MISMATCH: { status: 409, message: 'The card processor made a refund that the order has no room left for. Check the payment at the processor.' },

  // What an order is charged (ADR 038).
  /** No shipping rate covers the address (and collecting is not offered). */
  NO_SHIPPING_RATE: { status: 409, message: 'We do not ship to this address yet.' },
  /** The rate chosen does not apply to this address and order (any more). */
  SHIPPING_RATE_UNAVAILABLE: { status: 409, message: 'That way of sending is not offered for this address and order any more.' },
  /** A discount code that cannot be used for this order (unknown, not started, ended, used up, below its minimum). */
  DISCOUNT_CODE_REFUSED: { status: 409, message: 'This code cannot be used for this order.' },
  /** A discount code created with a name another has. */
  DISCOUNT_CODE_EXISTS: { status: 409, message: 'There is a code with this name already.' },
  // The owner's categories (issue 27).
  /** A category created with an address name another has. */
  CATEGORY_EXISTS: { status: 409, message: 'There is a category with this address name already.' },
  /** A category deleted while tools, or other categories, are in it. */
  CATEGORY_NOT_EMPTY: { status: 409, message: 'This category is not empty.' },
  /** A category put under one that is itself under another, or one with categories under it put under another. */
  CATEGORY_NESTING: { status: 409, message: 'Categories nest one level deep.' },
  /** An invoice asked of an order that has none yet (not paid, or paid before invoices were issued). */
  NO_INVOICE: { status: 409, message: 'This order has no invoice.' },

  // Staff roles (ADR 042).
  /** A change of role that would leave the shop without an owner. */
  LAST_OWNER: { status: 409, message: 'The shop must keep an owner. Make someone else an owner first.' },

  // A customer's data in their hands (ADR 046).
  /** Deleting an account on a session older than the fresh sign-in it needs: the page asks them to sign in again. */
  FRESH_SIGN_IN_REQUIRED: { status: 403, message: 'Please sign in again to delete your account.' },
  /** Deleting an account that has paid orders not yet delivered, or a return or refund under way. */
  ORDERS_IN_FLIGHT: { status: 409, message: 'This account has orders on their way. It can be deleted once they are delivered.' },

  // Returns and exchanges (ADR 040).
  /** A return asked of an order that is not delivered. */
  NOT_DELIVERED: { status: 409, message: 'Only a delivered order can be returned.' },
  /** A return asked after the shop's return window closed. */
  RETURN_WINDOW_CLOSED: { status: 409, message: 'The return window of this order has closed.' },
  /** More pieces of a line than were delivered and are not yet paid back or sent back. */
  RETURN_TOO_LARGE: { status: 409, message: 'Fewer pieces of this order can still be sent back.' },
  /** A decision a return's status does not allow (approving a refused one, receiving one not approved). */
  RETURN_STATUS: { status: 409, message: 'This return is not at the step this decision follows.' },
  /** An exchange for a variant of another product, or of a return of several lines. */
  EXCHANGE_NOT_POSSIBLE: { status: 409, message: 'This exchange is not possible.' },

  // The local test processor's card form refuses a card with Stripe's codes (ADR 003).
  card_declined: { status: 402, message: 'Your card was declined.' },
  insufficient_funds: { status: 402, message: 'Your card has insufficient funds.' },
  expired_card: { status: 402, message: 'Your card has expired.' },
  incorrect_cvc: { status: 402, message: "Your card's security code is incorrect." },
  invalid_card: { status: 402, message: 'Check the card details and try again.' },
  payment_intent_unknown: { status: 402, message: 'This payment is not known. Reload the page and try again.' },
  payment_intent_unexpected_state: { status: 402, message: 'This payment has already been made or cancelled.' },
  payment_intent_mismatch: { status: 402, message: 'This payment belongs to another order.' },

  // Signing in by text message.
  SMS_NOT_SENT: { status: 502, message: 'The code could not be sent. Please try again.' },
} as const satisfies Record<string, ErrorDeclaration>;

/** A code the shop's own code raises. */
export type ErrorCode = keyof typeof apiErrors;

/** The status a code is declared with. */
export type ErrorStatus<C extends ErrorCode> = (typeof apiErrors)[C]['status'];

/** The codes declared with one status, e.g. `ErrorCodeWithStatus<409>` for `conflict()`. */
export type ErrorCodeWithStatus<S extends number> = { [C in ErrorCode]: ErrorStatus<C> extends S ? C : never }[ErrorCode];

/**
 * better-auth answers its own routes under /api/auth with its own codes (its BASE_ERROR_CODES and
 * its plugins'), passed on as they are. The ones the web app tells apart are declared here, with the
 * status of the route it calls and better-auth's message; the test checks them against better-auth.
 */
export const authErrors = {
  /** `/reset-password`: a reset link that is unknown, used or past its hour (401 from `/verify-email`). */
  INVALID_TOKEN: { status: 400, message: 'Invalid token' },
  /** `/verify-email`: a confirmation link past its day. */
  TOKEN_EXPIRED: { status: 401, message: 'Token expired' },
  /** `/change-password`: the current password is not the account's. */
  INVALID_PASSWORD: { status: 400, message: 'Invalid password' },
  /** `/sign-up/email`: an address that already has an account. */
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 422, message: 'User already exists. Use another email.' },
} as const satisfies Record<string, ErrorDeclaration>;

export type AuthErrorCode = keyof typeof authErrors;

/** Every declared code a client may match: the shop's and better-auth's. */
export type ApiErrorCode = ErrorCode | AuthErrorCode;

export const errorCodeList = Object.keys(apiErrors) as [ErrorCode, ...ErrorCode[]];
