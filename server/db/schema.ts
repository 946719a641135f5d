import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Money is integer cents; timestamps are ISO 8601 text in UTC,
 * which sorts correctly and reads the same on SQLite and PostgreSQL.
 */
export interface ProductsTable {
  id: string;
  name: string;
  description: string;
  img: string;
  price_cents: number;
  min_quantity: number;
  avail_quantity: number;
  created_at: string;
  /** A category's slug (`categories`); the database's default is 'other' (migration 014). */
  category: Generated<string>;
  /** What one piece weighs packed, for shipping rates by weight; 0 until the admin gives it (migration 027). */
  weight_grams: Generated<number>;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  /** The options offered, as JSON `[{ name, values }]`; `[]` for a product sold one way (migration 028). */
  options: Generated<string>;
  /** The highest variant's price; `price_cents` is the lowest and `avail_quantity` the stock of every variant. */
  price_max_cents: Generated<number>;
  /** 1 while the product is kept but not shown. */
  hidden: Generated<number>;
}

/** One way a product is sold: a combination of its options (migration 028). A product without options has one, with the product's id. */
export interface ProductVariantsTable {
  id: string;
  product_id: string;
  position: number;
  sku: string;
  /** JSON `{ [option]: value }`; `{}` for a product sold one way. */
  options: Generated<string>;
  price_cents: number;
  avail_quantity: number;
  weight_grams: Generated<number>;
  /** A picture of the product's; '' for the product's main one. */
  img: Generated<string>;
  low_stock_at: number | null;
  /** 1 once the notify address heard that it fell below `low_stock_at`, until it rises again. */
  low_stock_noticed: Generated<number>;
}

/** The owner's categories, one level deep (migration 028). */
export interface CategoriesTable {
  slug: string;
  name: string;
  description: Generated<string>;
  parent_slug: string | null;
  position: number;
}

/** Someone waiting for a sold-out product or variant (`variant_id` '' for any of its variants). */
export interface StockAlertsTable {
  id: string;
  product_id: string;
  variant_id: Generated<string>;
  email: string;
  /** Confirms the address and unsubscribes: the one secret a mail carries. */
  token: string;
  confirmed_at: string | null;
  notified_at: string | null;
  unsubscribed_at: string | null;
  created_at: string;
}

export interface WishlistItemsTable {
  user_id: string;
  product_id: string;
  added_at: string;
}

/** A catalogue CSV import run by a job: all or nothing, with its progress. */
export interface CatalogueImportsTable {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  csv: string;
  total_rows: number;
  done_rows: Generated<number>;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  error: string | null;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface ReviewsTable {
  id: string;
  name: string;
  email: string;
  review: string;
  ratings: number;
  created_at: string;
  /** The product it is about, if any; null once that product is deleted (migration 015). */
  product_id: string | null;
  /** 1 when its author had a paid order of that product when writing it, else 0. */
  verified_buyer: Generated<number>;
  /** When staff hid it from every public list and rating; null while it is shown (migration 034). */
  hidden_at: string | null;
  /** The shop's public reply under it, when it was last written and by which staff account's id. */
  reply: string | null;
  replied_at: string | null;
  replied_by: string | null;
  /** When its author was told by e-mail that it was answered: set once, so they are told once. */
  reply_mailed_at: string | null;
}

/** A product's pictures in order; position 0 is the main one, mirrored in `products.img` (migration 015). */
export interface ProductPicturesTable {
  product_id: string;
  position: number;
  img: string;
}

/**
 * A structured shipping address on an order or a checkout (migration 022): the country (ISO 3166-1
 * alpha-2) is null for an address typed as free text before addresses were structured, kept whole in
 * `ship_line1`.
 */
export interface ShippingAddressColumns {
  ship_name: string | null;
  ship_line1: string | null;
  ship_line2: string | null;
  ship_city: string | null;
  /** ISO 3166-2, such as US-CA. */
  ship_region: string | null;
  ship_postal_code: string | null;
  ship_country: string | null;
}

/**
 * An order's header (migration 024): who bought, where it goes, what it came to, and where it stands.
 * What was bought is in its `order_lines`. The specification's one-product fields are kept here,
 * written once when the order is placed, so that lists read one row per order: `product` says the
 * first line's name and how many more lines there are, `quantity` the pieces of every line.
 */
export interface OrdersTable extends ShippingAddressColumns {
  id: string;
  /** The first line's product; null once it is deleted. The lines keep their own copies of names and prices. */
  product_id: string | null;
  product: string;
  customer_name: string;
  email: string;
  /** The first line's price per piece. */
  unit_price_cents: number;
  /** The total: subtotal + shipping − discount + tax, what the card is charged. */
  price_cents: number;
  subtotal_cents: number;
  shipping_cents: Generated<number>;
  discount_cents: Generated<number>;
  tax_cents: Generated<number>;
  currency: Generated<'USD'>;
  /** The pieces of every line. */
  quantity: number;
  phone: string;
  adress: string;
  payment_status: 'unpaid' | 'paid';
  /** The card processor's id of the payment that paid it. */
  transaction_id: string | null;
  created_at: string;
  /** The account that placed it; null if that account is deleted. */
  user_id: string | null;
  paid_at: string | null;
  /**
   * When its money was recorded taken and it was announced paid (migration 041, ADR 056): with paid_at for a
   * payment captured already, later for one only authorised; null while a capture is unfinished. Set once.
   */
  captured_at: string | null;
  /** Null until paid; then pending, shipped, delivered; or refunded, when the whole price went back before it was sent (migration 023). */
  shipping_status: 'pending' | 'shipped' | 'delivered' | 'refunded' | null;
  /** The number people read (shown as J-1042); sequential, given when the order is placed. */
  number: Generated<number>;
  shipped_at: string | null;
  /** Who carries it and their tracking number, given when it is marked shipped. */
  carrier: string | null;
  tracking_number: string | null;
  delivered_at: string | null;
  /** A cancelled order is kept; `cancel_reason` says who ended it, or that it expired unpaid. */
  cancelled_at: string | null;
  cancel_reason: 'customer' | 'admin' | 'expired' | 'replaced' | null;
  /** The card that paid it, where the processor says. */
  card_brand: string | null;
  card_last4: string | null;
  /** The sum of its refunds; equal to price_cents when fully refunded. */
  refunded_cents: Generated<number>;
  /** How many of its pieces its refunds put back in stock; never more than `quantity`. */
  restocked_quantity: Generated<number>;
  /** How many of its pieces its shipments have sent: the order stays `pending` while some are left. */
  shipped_quantity: Generated<number>;
  /** 1 when the cart's checkout placed it (migration 025): paid, it empties those lines from the cart. */
  placed_from_cart: Generated<number>;
  /** How it is sent (migration 027): the rate chosen, by id and name as they were, or collecting it (kind pickup, at pickup_address). Null before shipping was charged. */
  shipping_rate_id: string | null;
  shipping_rate_name: string | null;
  shipping_kind: 'delivery' | 'pickup' | null;
  pickup_address: string | null;
  /** The part of discount_cents taken off shipping (a free-shipping code). */
  shipping_discount_cents: Generated<number>;
  shipping_tax_cents: Generated<number>;
  shipping_tax_rate_ppm: Generated<number>;
  /** 1 when the prices include the tax (tax_cents is the part of the total that is tax). */
  tax_included: Generated<number>;
  /** 1 when a business buyer in another EU country accounts for the VAT (none charged). */
  reverse_charge: Generated<number>;
  buyer_vat_number: string | null;
  buyer_company: string | null;
  discount_code: string | null;
  /** Its invoice's number, once the payment is captured (the invoice itself is in `invoices`). */
  invoice_number: string | null;
  /** 1 when placed without an account; user_id is set once an account with its address is confirmed. */
  is_guest: Generated<number>;
  weight_grams: Generated<number>;
  /** The version of the terms of sale in force when it was placed (migration 035); null for orders placed before. */
  terms_version: number | null;
}

/**
 * A customer's return of pieces of a delivered order (migration 030): requested, then approved or
 * refused by the admin, then received and resolved by a refund or an exchange.
 */
export interface ReturnsTable {
  id: string;
  order_id: string;
  /** Its place among the order's returns, from 1: the return number reads J-1042-R1. */
  seq: number;
  status: 'requested' | 'approved' | 'refused' | 'received';
  /** One of `returnReasons` (common/returns.ts). */
  reason: string;
  note: string | null;
  refusal_reason: string | null;
  resolution: 'refund' | 'exchange' | null;
  /** The refund that paid the pieces back, or the price difference of an exchange. */
  refund_id: string | null;
  exchange_variant_id: string | null;
  /** The order that sends the other variant. */
  exchange_order_id: string | null;
  created_at: string;
  /** When it was approved or refused. */
  decided_at: string | null;
  received_at: string | null;
}

/** The pieces of one order line a return sends back. */
export interface ReturnLinesTable {
  return_id: string;
  line_id: string;
  quantity: number;
}

/** One line of an order: a product at the price it was bought for, and what became of its pieces. */
/** A staff member's internal note on an order (migration 029): never shown to its customer. */
export interface OrderNotesTable {
  id: string;
  order_id: string;
  /** Null once the author's account is deleted; the name stays. */
  author_id: string | null;
  author_name: string;
  text: string;
  created_at: string;
}

/**
 * One staff action, as the audit trail keeps it (migration 033): only ever added, the database refuses
 * to change or delete one. Who acted is kept as text, so that the record outlives their account.
 */
/** Every published version of a page the owner writes (migration 035, ADR 044): never changed nor deleted. */
export interface ShopPageVersionsTable {
  /** One of `shopPageSlugs` (common/shop-pages.ts). */
  slug: string;
  /** From 1 per page; the highest is the page as published now. */
  version: number;
  title: string;
  /** The shop's rich text, placeholders as the owner typed them. */
  body: string;
  published_at: string;
}

export interface AuditLogTable {
  id: string;
  created_at: string;
  /** The acting account's id, as it was; no foreign key, so deleting the account changes no record. */
  actor_id: string | null;
  actor_email: string;
  actor_ip: string;
  /** One of `auditKinds` (common/audit-kinds.ts). */
  kind: string;
  /** What was acted on: an order's number, a product's id, a person's e-mail. */
  subject: string;
  /** JSON `AuditDetail`: what changed, before and after. */
  detail: string;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  /** Its place in the order, from 1, as the cart listed it. */
  line: number;
  /** Null once the product is deleted. */
  product_id: string | null;
  product: string;
  img: string;
  unit_price_cents: number;
  quantity: number;
  price_cents: number;
  shipped_quantity: Generated<number>;
  refunded_quantity: Generated<number>;
  restocked_quantity: Generated<number>;
  /** Its share of the order's discount (migration 027). */
  discount_cents: Generated<number>;
  tax_rate_ppm: Generated<number>;
  tax_cents: Generated<number>;
  /** What it costs the buyer: price_cents − discount_cents, plus tax_cents when tax is added on top. */
  total_cents: Generated<number>;
  /** Of all its pieces. */
  weight_grams: Generated<number>;
  /** The product's category when it was bought. */
  category: string | null;
  /** The variant bought; null once it is deleted (migration 028). */
  variant_id: string | null;
  sku: string | null;
  /** The variant's options as bought, such as "Width 10 mm · Handle Walnut"; '' for a product sold one way. */
  variant: Generated<string>;
}

/** A parcel sent for an order, with the pieces of its lines in it (`shipment_lines`). */
export interface ShipmentsTable {
  id: string;
  order_id: string;
  carrier: string;
  tracking_number: string | null;
  created_at: string;
}

export interface ShipmentLinesTable {
  shipment_id: string;
  line_id: string;
  quantity: number;
}

/** The pieces of each line a refund by line pays back, and how many of them go back to stock. */
export interface RefundLinesTable {
  refund_id: string;
  line_id: string;
  quantity: number;
  restock: number;
}

/**
 * Money given back for a paid order: in full or in part, each refund once. Reserved (`pending`) before
 * the card processor is asked, `succeeded` once it has made it, `failed` when it refused (ADR 029).
 */
export interface RefundsTable {
  id: string;
  order_id: string;
  amount_cents: number;
  reason: string;
  /** The pieces this refund puts back in stock: reserved while pending, returned when it succeeds. */
  restocked_quantity: number;
  status: Generated<RefundStatus>;
  gateway_refund_id: string | null;
  idempotency_key: string;
  created_by: string | null;
  created_at: string;
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** The local test processor's payments (the stripe gateway keeps its own at Stripe). */
export interface LocalPaymentIntentsTable {
  id: string;
  client_secret: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_capture' | 'succeeded' | 'canceled';
  /** The card that authorised it: its brand (as Stripe names brands) and last four digits, never more. */
  card_brand: string | null;
  card_last4: string | null;
  created_at: string;
  updated_at: string;
  /** What its refunds gave back; never more than `amount_cents`, and only once captured. */
  refunded_cents: Generated<number>;
}

/** The local test processor's refunds, one per idempotency key. */
export interface LocalRefundsTable {
  id: string;
  payment_id: string;
  amount_cents: number;
  reason: string;
  idempotency_key: string;
  created_at: string;
}

/** Every payment started at the processor for an order, so that cancelling the order can release its card holds. */
export interface OrderPaymentsTable {
  payment_id: string;
  order_id: string;
  created_at: string;
}

/** A signed-in customer's cart: one line per variant (ADR 018, migration 028). */
export interface CartItemsTable {
  user_id: string;
  /** Not a foreign key: a line whose product was deleted stays, so that the cart can say so. */
  product_id: string;
  variant_id: string;
  quantity: number;
  added_at: string;
}

/**
 * A cart the shop may remind its person about (migration 037, ADR 045): a signed-in customer's
 * (`user_id`; its lines are `cart_items`) or a guest's who asked for it at checkout (`email`, `lines`).
 */
export interface CartRemindersTable {
  id: string;
  user_id: string | null;
  /** A guest's address, lower case; null for a customer's cart (their account's address is read when mailing). */
  email: string | null;
  /** A guest's lines as JSON (`CartLineInput[]`); null for a customer's cart, and once a guest's is bought. */
  lines: string | null;
  token_hash: string;
  /** The cart's last change: a reminder waits until it has been untouched for CART_REMINDER_HOURS. */
  changed_at: string;
  /** Counts purchases: the reminders of one episode are at most two. */
  episode: Generated<number>;
  reminders_sent: Generated<number>;
  last_reminded_at: string | null;
  bought_at: string | null;
  unsubscribed_at: string | null;
  /** The `changed_at` of the cart as a sweep found nothing to remind of in it: not read again until it changes. */
  skipped_at: string | null;
  created_at: string;
}

/** One cart reminder sent (migration 037): at most one per (cart, episode, number). */
export interface CartReminderMailsTable {
  cart_id: string;
  episode: number;
  number: number;
  sent_at: string;
}

/** An order paid from a cart after a reminder (migration 037): what the carts report adds up. */
export interface CartComebacksTable {
  order_id: string;
  cart_id: string;
  reminders: number;
  total_cents: number;
  bought_at: string;
}

/** A customer's address book (migration 022): at most one default each. */
export interface AddressesTable {
  id: string;
  user_id: string;
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  /** ISO 3166-2 (US-CA), where the country has regions. */
  region: string | null;
  postal_code: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** 1 for the customer's default address, else 0. */
  is_default: number;
  created_at: string;
  updated_at: string;
}

/** Stripe events already handled, by event id. */
export interface ProcessedWebhookEventsTable {
  id: string;
  type: string;
  created_at: string;
}

/** Small facts about the database itself, such as whether the demo catalogue was ever seeded. */
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface NewsletterSubscribersTable {
  id: string;
  /** Stored in lower case, once. */
  email: string;
  created_at: string;
  /** When the owner of the address confirmed it; null while the subscription waits for confirmation. */
  confirmed_at: string | null;
}

/** The tokens in newsletter mail's links (confirm, unsubscribe), by their SHA-256 hash: never the token itself. */
export interface NewsletterTokensTable {
  token_hash: string;
  subscriber_id: string;
  created_at: string;
}

/** A newsletter campaign (migration 036): a draft, scheduled, or sending to the addresses confirmed when it started. */
export interface NewsletterCampaignsTable {
  id: string;
  subject: string;
  /** The shop's rich text (common/rich-text.ts). */
  body: string;
  /** 'draft' | 'scheduled' | 'sending'; a sending campaign whose every message is done reads as sent. */
  state: string;
  created_at: string;
  updated_at: string;
  scheduled_at: string | null;
  started_at: string | null;
  /** The confirmed addresses when sending started. */
  recipients: Generated<number>;
  /** The last address claimed, in address order. */
  claimed_through: string | null;
  /** The number of the batch job due next; another batch job does nothing. */
  next_batch: Generated<number>;
  /** When the last batch found nobody left to claim. */
  all_queued_at: string | null;
}

/** One address a campaign goes to, claimed in the transaction that queues its message (migration 036). */
export interface NewsletterCampaignRecipientsTable {
  id: string;
  campaign_id: string;
  email: string;
  /** 'queued' | 'sent' | 'failed' | 'skipped' (the address left the list before its turn). */
  state: string;
  /** The unsubscribe link's token in this message, by its hash. */
  token_hash: string;
  queued_at: string;
  done_at: string | null;
  unsubscribed_at: string | null;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  /** Empty when the sender gave none. */
  phone: string;
  requirement: string;
  created_at: string;
}

/** One counter per rate-limited key (route and client), kept in the database so that every process shares it. */
export interface RateLimitHitsTable {
  key: string;
  count: number;
  /** Epoch milliseconds at which the window ends. */
  reset_at: number;
}

/**
 * better-auth's user record, which is also the shop's user (ADR 002). better-auth writes it; the
 * shop reads it and writes only the profile fields and the role. Booleans are 0/1 and dates text on
 * SQLite, native types on PostgreSQL.
 */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  role: 'user' | 'admin';
  /** Which staff role an admin has (common/staff-roles.ts' StaffRole, migration 032); null for a customer. */
  staff_role: 'owner' | 'manager' | 'fulfilment' | 'support' | null;
  education: string | null;
  location: string | null;
  contactNumber: string | null;
  phoneNumber: string | null;
  phoneNumberVerified: boolean | number | null;
  twoFactorEnabled: boolean | number | null;
}

/** better-auth's sign-in methods of a user; the shop only reads the password method. */
export interface AuthAccountTable {
  id: string;
  userId: string;
  providerId: string;
  /** The provider's id for the person (for the credential method, the user's id). */
  accountId: string;
  /** better-auth's hash, for the credential (e-mail and password) method only. */
  password: string | null;
  /** A social provider's tokens and what they allow; null for the credential method. */
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | string | null;
  refreshTokenExpiresAt: Date | string | null;
  scope: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** better-auth's sessions; the shop ends them when an address's owner takes an account back. */
export interface AuthSessionTable {
  id: string;
  userId: string;
  token: string;
  /** ISO text on SQLite, timestamptz on PostgreSQL. */
  expiresAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** better-auth's authenticator secrets; removed with the other ways in that nobody proved. */
export interface AuthTwoFactorTable {
  id: string;
  userId: string;
  /** Encrypted by better-auth, as are the backup codes. */
  secret: string;
  backupCodes: string;
  verified: boolean | number | null;
  failedVerificationCount: number | null;
  lockedUntil: Date | string | null;
}

/** better-auth's one-time values (e-mail confirmation, password reset, phone codes); the shop never reads them. */
export interface AuthVerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** An uploaded product picture: its bytes (a blob on SQLite, bytea on PostgreSQL), or its keys in the picture bucket (ADR 053). */
export interface ProductImagesTable {
  id: string;
  content_type: string;
  /** The picture at most 800 px wide (as uploaded, for a picture stored before pictures were resized); null once it is in the bucket. */
  bytes: Buffer | null;
  /** Its copy at most 400 px wide, of the same type; null for a picture stored before pictures were resized, or in the bucket. */
  small_bytes: Buffer | null;
  created_at: string;
  /** The picture's key in the bucket; null while it is kept in the database. */
  object_key: string | null;
  /** Its small copy's key in the bucket; null while in the database, or where it has no small copy. */
  small_object_key: string | null;
}

/** When each periodic task was last scheduled (the start of its period), shared by every process. */
export interface JobSchedulesTable {
  name: string;
  last_period_start: string;
}

/**
 * The SQLite runner's queue (on PostgreSQL, graphile-worker keeps its own). A job is due at `run_at`;
 * a process that runs it holds it with `locked_by`; it failed for good when `attempts` reached
 * `max_attempts`, at `failed_at`. Done jobs are deleted.
 */
export interface JobsTable {
  id: Generated<number>;
  task: string;
  /** JSON. */
  payload: string;
  run_at: string;
  attempts: Generated<number>;
  max_attempts: number;
  last_error: string | null;
  locked_at: string | null;
  locked_by: string | null;
  failed_at: string | null;
  created_at: string;
}

/** One row: the catalogue's version, raised by triggers whenever what the catalogue shows changes. */
export interface CatalogueVersionTable {
  id: number;
  /** A bigint: PostgreSQL answers it as text. */
  version: number | string;
}

/** One row: the version of what prices an order and the terms in force, raised by triggers whenever they change (migration 042). */
export interface SettingsVersionTable {
  id: number;
  /** A bigint: PostgreSQL answers it as text. */
  version: number | string;
}

/** A bigint: PostgreSQL answers it as text. */
type Count = number | string;

/** One row: how many orders there are, and at each of Manage Orders' stages; kept by triggers (ADR 021). */
export interface OrderCountsTable {
  id: number;
  all_orders: Count;
  unpaid: Count;
  to_ship: Count;
  shipped: Count;
  delivered: Count;
  cancelled: Count;
  refunded: Count;
  /** Paid, not cancelled, and not sent yet (with those paid before shipping was tracked). */
  awaiting_shipment: Count;
}

/** Per UTC day: what the orders paid that day came to, refunded since, and how many; kept by triggers. */
export interface OrderSalesDaysTable {
  /** YYYY-MM-DD. */
  day: string;
  cents: Count;
  refunded_cents: Count;
  orders: Count;
}

/**
 * Per UTC day: the orders paid that day (their totals, pieces, shipping, discounts and tax) and the
 * refunds made that day; kept by the payment's and each refund's transaction (migration 031, ADR 041).
 */
export interface SalesDaysTable {
  /** YYYY-MM-DD. */
  day: string;
  orders: Generated<Count>;
  gross_cents: Generated<Count>;
  units: Generated<Count>;
  shipping_cents: Generated<Count>;
  discount_cents: Generated<Count>;
  tax_cents: Generated<Count>;
  refunded_cents: Generated<Count>;
  refunded_units: Generated<Count>;
  refunded_tax_cents: Generated<Count>;
}

/** Per UTC day and product ('' for products deleted since): pieces and revenue without tax, sold and refunded that day. */
export interface SalesProductDaysTable {
  day: string;
  product_id: string;
  /** The greatest name it was sold or refunded under that day (as `max` orders text). */
  product: string;
  units: Generated<Count>;
  revenue_cents: Generated<Count>;
  refunded_units: Generated<Count>;
  refunded_cents: Generated<Count>;
}

/** Per UTC month and product: pieces and revenue without tax, net of the refunds made that month. */
export interface SalesProductMonthsTable {
  /** YYYY-MM. */
  month: string;
  product_id: string;
  /** The greatest name it was sold under that month (as `sales_product_days`). */
  product: string;
  units: Generated<Count>;
  revenue_cents: Generated<Count>;
}

/** Per UTC year and product: as `sales_product_months`. */
export interface SalesProductYearsTable {
  /** YYYY. */
  year: string;
  product_id: string;
  product: string;
  units: Generated<Count>;
  revenue_cents: Generated<Count>;
}

/** Per UTC day and category ('' for lines without one): as `sales_product_days`. */
export interface SalesCategoryDaysTable {
  day: string;
  category: string;
  units: Generated<Count>;
  revenue_cents: Generated<Count>;
  refunded_units: Generated<Count>;
  refunded_cents: Generated<Count>;
}

/** Per UTC day, destination and tax rate: what tax was charged on, the tax, shipping and discounts, sold and refunded that day. */
export interface SalesTaxDaysTable {
  day: string;
  /** ISO 3166-1 and 3166-2 codes; '' when unknown, and for orders collected at the workshop. */
  country: string;
  region: string;
  /** 1 for orders collected at the workshop, taxed where it is. */
  collected: number;
  rate_ppm: number;
  orders: Generated<Count>;
  taxable_cents: Generated<Count>;
  tax_cents: Generated<Count>;
  shipping_cents: Generated<Count>;
  discount_cents: Generated<Count>;
  refunded_taxable_cents: Generated<Count>;
  refunded_tax_cents: Generated<Count>;
}

/** A shipping zone (migration 027), tried in `position` order, covering its `shipping_zone_areas`. */
export interface ShippingZonesTable {
  id: string;
  name: string;
  position: number;
}

/** A country ('' region: the whole of it) or one region of it that a zone covers; each covered by one zone at most. */
export interface ShippingZoneAreasTable {
  zone_id: string;
  country: string;
  region: string;
}

export interface ShippingRatesTable {
  id: string;
  zone_id: string;
  position: number;
  name: string;
  price_cents: number;
  min_weight_grams: number | null;
  max_weight_grams: number | null;
  free_over_cents: number | null;
}

/** A country's rate ('' region), or one region's own; in parts per million (7.25 % is 72,500). */
export interface TaxRatesTable {
  country: string;
  region: string;
  rate_ppm: number;
  tax_shipping: number;
}

/** The admin's settings, one JSON value per key (prices-include-tax, seller, pickup). */
export interface ShopSettingsTable {
  key: string;
  value: string;
}

export interface DiscountCodesTable {
  /** Upper case, as people read it. */
  code: string;
  kind: 'percent' | 'amount' | 'free_shipping';
  /** A whole percentage, or cents. */
  value: number;
  min_subtotal_cents: number | null;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  used_count: Generated<number>;
  created_at: string;
}

export interface DiscountCodeProductsTable {
  code: string;
  product_id: string;
}

export interface DiscountCodeCategoriesTable {
  code: string;
  category: string;
}

/** The use of a code an order holds while it is open or paid: its customer is its e-mail address in lower case. */
export interface DiscountRedemptionsTable {
  order_id: string;
  code: string;
  customer: string;
  created_at: string;
}

/** The last number given in a series (INV or CN) in a year. */
export interface DocumentSeriesTable {
  kind: string;
  year: number;
  last_number: number;
}

/** A paid order's invoice: numbered once, its content (`document`, JSON) fixed when issued, its PDF drawn from it once. */
export interface InvoicesTable {
  id: string;
  number: string;
  order_id: string;
  issued_at: string;
  total_cents: number;
  tax_cents: number;
  document: string;
  pdf: Buffer | null;
}

/** A refund's credit note, referring to its order's invoice. */
export interface CreditNotesTable {
  id: string;
  number: string;
  refund_id: string;
  order_id: string;
  invoice_id: string | null;
  issued_at: string;
  amount_cents: number;
  tax_cents: number;
  document: string;
  pdf: Buffer | null;
}

export interface DatabaseSchema {
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  categories: CategoriesTable;
  stock_alerts: StockAlertsTable;
  wishlist_items: WishlistItemsTable;
  catalogue_imports: CatalogueImportsTable;
  reviews: ReviewsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_notes: OrderNotesTable;
  audit_log: AuditLogTable;
  shop_page_versions: ShopPageVersionsTable;
  shipments: ShipmentsTable;
  shipment_lines: ShipmentLinesTable;
  refund_lines: RefundLinesTable;
  refunds: RefundsTable;
  app_meta: AppMetaTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_tokens: NewsletterTokensTable;
  newsletter_campaigns: NewsletterCampaignsTable;
  newsletter_campaign_recipients: NewsletterCampaignRecipientsTable;
  contact_messages: ContactMessagesTable;
  rate_limit_hits: RateLimitHitsTable;
  user: AuthUserTable;
  account: AuthAccountTable;
  session: AuthSessionTable;
  twoFactor: AuthTwoFactorTable;
  verification: AuthVerificationTable;
  local_payment_intents: LocalPaymentIntentsTable;
  local_refunds: LocalRefundsTable;
  order_payments: OrderPaymentsTable;
  cart_items: CartItemsTable;
  cart_reminders: CartRemindersTable;
  cart_reminder_mails: CartReminderMailsTable;
  cart_comebacks: CartComebacksTable;
  addresses: AddressesTable;
  processed_webhook_events: ProcessedWebhookEventsTable;
  product_images: ProductImagesTable;
  product_pictures: ProductPicturesTable;
  job_schedules: JobSchedulesTable;
  jobs: JobsTable;
  catalogue_version: CatalogueVersionTable;
  settings_version: SettingsVersionTable;
  order_counts: OrderCountsTable;
  order_sales_days: OrderSalesDaysTable;
  sales_days: SalesDaysTable;
  sales_product_days: SalesProductDaysTable;
  sales_product_months: SalesProductMonthsTable;
  sales_product_years: SalesProductYearsTable;
  sales_category_days: SalesCategoryDaysTable;
  sales_tax_days: SalesTaxDaysTable;
  shipping_zones: ShippingZonesTable;
  shipping_zone_areas: ShippingZoneAreasTable;
  shipping_rates: ShippingRatesTable;
  tax_rates: TaxRatesTable;
  shop_settings: ShopSettingsTable;
  discount_codes: DiscountCodesTable;
  discount_code_products: DiscountCodeProductsTable;
  discount_code_categories: DiscountCodeCategoriesTable;
  discount_redemptions: DiscountRedemptionsTable;
  document_series: DocumentSeriesTable;
  invoices: InvoicesTable;
  credit_notes: CreditNotesTable;
  returns: ReturnsTable;
  return_lines: ReturnLinesTable;
}
