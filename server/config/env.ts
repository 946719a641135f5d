import path from 'node:path';
import { z } from 'zod';
import { isMailableAddress } from '../../common/contact-rules.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every environment variable the server reads; the README's configuration table mirrors this. */
/** An address the shop mails (the admin's, its own notices'): by the one e-mail rule every form and the mail job use. */
const mailableAddress = z.string().refine(isMailableAddress, 'must be an e-mail address the shop can mail');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // How old a process's look at the catalogue's version (ADR 019) and the settings' (ADR 062) may be.
  CATALOGUE_CHECK_MS: z.coerce.number().int().min(0).max(1000).default(250),
  // On SIGTERM (ADR 051): how long the process keeps serving while its readiness answers 503, so that a
  // load balancer's check sees it first, then how long requests and jobs in flight get to finish.
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  DATA_DIR: z.string().min(1).default('./data'),
  BACKUP_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// connection URL')
    .optional(),
  // PostgreSQL connections each server process keeps (ADR 050); the job queue shares them.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  // Named prepared statements on PostgreSQL (ADR 066); off behind a pooler that cannot keep them.
  DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true'),
  PUBLIC_URL: z.url().optional(),
  // Further origins whose pages may call the API with a customer's cookie (a second domain, the
  // development server); each an origin such as https://shop.example, separated by commas.
  TRUSTED_ORIGINS: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((origin) => origin.trim()) : []))
    .pipe(z.array(z.url().refine((url) => new URL(url).origin === url, 'must be origins such as https://shop.example, without a path'))),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  ACCESS_LOG: z.enum(['true', 'false']).default('false'),
  SLOW_REQUEST_MS: z.coerce.number().min(0).default(1000),
  REQUEST_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(0.01),
  FORM_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  CARD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  UNPAID_ORDER_HOURS: z.coerce.number().int().min(1).max(8760).default(72),
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  // A fraction of an hour is allowed, so that the browser tests can see a reminder within seconds.
  CART_REMINDER_HOURS: z.coerce.number().min(0.001).max(8760).default(24),
  SUPPORT_REFUND_LIMIT: z.coerce.number().min(0).max(1_000_000).default(100),
  // Prometheus's bearer token for GET /metrics (ADR 052); unset, the address does not exist.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Read by the preload server/telemetry.ts before anything else loads (ADR 052); declared here so
  // that a bad value stops the start with its name.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  // Trusting every X-Forwarded-For hop would let a client choose its own address (and dodge rate
  // limits), so the setting names how many proxies stand in front, or which addresses they have.
  TRUST_PROXY: z
    .string()
    .regex(/^(false|\d+|[0-9a-f.:/]+(,[0-9a-f.:/]+)*)$/i, 'must be false, a number of proxy hops, or proxy addresses separated by commas')
    .default('false')
    .transform((value): false | number | string[] => (value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value.split(','))),

  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: mailableAddress.optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_AUTHORIZATION_URL: z.url().default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v21.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.url().default('https://graph.facebook.com/v21.0/me'),

  SMS_GATEWAY: z.enum(['log', 'twilio']).default('log'),
  SMS_CODES_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).default(5),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM_NUMBER: z.string().optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),

  CAPTCHA_PROVIDER: z.enum(['turnstile', 'recaptcha']).optional(),
  CAPTCHA_SITE_KEY: z.string().optional(),
  CAPTCHA_SECRET_KEY: z.string().optional(),
  CAPTCHA_VERIFY_URL: z.url().optional(),

  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtps:// or smtp:// address (smtp:// must offer STARTTLS)')
    .optional(),
  SMTP_CA_FILE: z.string().optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SHOP_NOTIFY_EMAIL: mailableAddress.optional(),

  // Uploaded product pictures in S3-compatible storage (ADR 053); unset, they are kept in the database.
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
});

type EnvVars = z.infer<typeof envSchema>;

/** The picture bucket's settings (ADR 053): each needs all the others. */
const pictureBucketSettings = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Settings that only work together: each group is all set or all unset. */
const settingGroups: { when: keyof EnvVars; needs: (keyof EnvVars)[] }[] = [
  { when: 'ADMIN_EMAIL', needs: ['ADMIN_PASSWORD'] },
  { when: 'ADMIN_PASSWORD', needs: ['ADMIN_EMAIL'] },
  { when: 'GOOGLE_CLIENT_ID', needs: ['GOOGLE_CLIENT_SECRET'] },
  { when: 'GOOGLE_CLIENT_SECRET', needs: ['GOOGLE_CLIENT_ID'] },
  { when: 'FACEBOOK_CLIENT_ID', needs: ['FACEBOOK_CLIENT_SECRET'] },
  { when: 'FACEBOOK_CLIENT_SECRET', needs: ['FACEBOOK_CLIENT_ID'] },
  { when: 'CAPTCHA_PROVIDER', needs: ['CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET_KEY'] },
  { when: 'STRIPE_SECRET_KEY', needs: ['STRIPE_PUBLISHABLE_KEY'] },
  { when: 'STRIPE_PUBLISHABLE_KEY', needs: ['STRIPE_SECRET_KEY'] },
  { when: 'STRIPE_WEBHOOK_SECRET', needs: ['STRIPE_SECRET_KEY'] },
  { when: 'SMTP_URL', needs: ['MAIL_FROM'] },
  { when: 'SMTP_CA_FILE', needs: ['SMTP_URL'] },
  ...pictureBucketSettings.map((when) => ({ when, needs: pictureBucketSettings.filter((other) => other !== when) })),
];

/** Stripe when its keys are set; otherwise the local test processor. */
export type PaymentConfig = { gateway: 'local' } | { gateway: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string | undefined; apiUrl: string | undefined };

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

/** Where uploaded product pictures are kept when not in the database (ADR 053): an S3-compatible bucket. */
export interface PictureBucketConfig {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Addresses as endpoint/bucket/key rather than bucket.endpoint/key, which local servers need. */
  forcePathStyle: boolean;
}

export type SmsGatewayConfig = { kind: 'log' } | { kind: 'twilio'; accountSid: string; authToken: string; fromNumber: string; apiUrl: string };

export interface CaptchaConfig {
  provider: 'turnstile' | 'recaptcha';
  siteKey: string;
  secretKey: string;
  /** The provider's verify endpoint, replaced by a stand-in in tests. */
  verifyUrl: string | undefined;
}

export interface AuthConfig {
  /** Unset: generated once and kept in the data folder. */
  secret: string | undefined;
  admin: { email: string; password: string } | undefined;
  /** Sign-in, sign-up, code and two-factor attempts one client may make per minute. */
  attemptsPerMinute: number;
  google: OAuthProviderConfig | undefined;
  facebook: OAuthProviderConfig | undefined;
  sms: SmsGatewayConfig;
  smsCodesPerNumberPerHour: number;
  captcha: CaptchaConfig | undefined;
}

/** How the shop's e-mail goes out: an SMTP server, or (unset) the log and the outbox folder. */
export interface MailConfig {
  smtp: { url: string; caFile: string | undefined } | undefined;
  /** The From of every message. */
  from: string;
  /** Where the shop's own notices go (a new paid order, a contact message); unset, none are sent. */
  shopNotifyEmail: string | undefined;
}

/** How a process leaves on SIGTERM (ADR 051). */
export interface ShutdownSettings {
  /** How long it goes on serving, its readiness answering 503, before it stops taking connections. */
  delayMs: number;
  /** How long requests and jobs in flight then get to finish; a job still running is handed back. */
  graceMs: number;
}

/** Which requests the log keeps a line of. */
export interface RequestLogSettings {
  /** Log every request (an access log), not only the ones below. */
  accessLog: boolean;
  /** A request that takes at least this long is logged as slow. */
  slowRequestMs: number;
  /** The share of other requests logged, from 0 (none) to 1 (every one), to show the traffic's shape. */
  sampleRate: number;
}

/** How often one account may place orders and start payments, and try cards, each per minute. */
export interface OrderLimits {
  ordersPerMinute: number;
  cardAttemptsPerMinute: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** How many server processes share the port on this machine. */
  workers: number;
  /** How often a process looks whether the catalogue changed, to refresh the answers it keeps. */
  catalogueCheckMs: number;
  /** How a process leaves on SIGTERM (ADR 051). */
  shutdown: ShutdownSettings;
  dataDir: string;
  /** Where `npm run backup` writes (DATA_DIR/backups unless set). */
  backupDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections each server process keeps, the job queue's among them. */
  databasePoolSize: number;
  /** Whether PostgreSQL queries go as named prepared statements (ADR 066). */
  databasePreparedStatements: boolean;
  publicUrl: string;
  /** Origins the shop's pages are served from; unsafe calls with cookies from any other origin are refused. */
  siteOrigins: string[];
  logLevel: (typeof logLevels)[number];
  trustProxy: false | number | string[];
  /** Submissions of each home-page form one client may make per hour. */
  formRateLimitPerHour: number;
  requestLog: RequestLogSettings;
  /** Per signed-in account (per client address for anonymous calls): orders placed and payments started, and cards tried. */
  orderLimits: OrderLimits;
  /** Hours an order may stay unpaid before the shop cancels it as expired, releasing its card hold. */
  unpaidOrderHours: number;
  /** How many newsletter messages a campaign sends a minute at most (issue 29). */
  newsletterRatePerMinute: number;
  /** Hours a cart waits untouched before its first reminder (ADR 045); the second comes twice as long after the first. */
  cartReminderHours: number;
  /** The most a support staff member may refund at once, in cents (ADR 042). */
  supportRefundLimitCents: number;
  /** The bearer token Prometheus scrapes /metrics with; unset, there is no /metrics (ADR 052). */
  metricsToken: string | undefined;
  auth: AuthConfig;
  payments: PaymentConfig;
  mail: MailConfig;
  /** Set: uploaded pictures go to this bucket; unset: into the database (ADR 053). */
  pictureBucket: PictureBucketConfig | undefined;
  /** Where the built web app lives; the server serves it with a history fallback. */
  webRoot: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv, webRoot: string): AppConfig {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema
    .superRefine((vars, context) => {
      // A setting several groups need is named once, for the first of them.
      const named = new Set<keyof EnvVars>();
      for (const group of settingGroups) {
        if (vars[group.when] === undefined) continue;
        for (const needed of group.needs) {
          if (vars[needed] !== undefined || named.has(needed)) continue;
          named.add(needed);
          context.addIssue({ code: 'custom', path: [needed], message: `must be set when ${group.when} is set` });
        }
      }
      if (vars.SMS_GATEWAY === 'twilio') {
        for (const needed of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const) {
          if (vars[needed] === undefined) context.addIssue({ code: 'custom', path: [needed], message: 'must be set when SMS_GATEWAY is twilio' });
        }
      }
    })
    .safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration. ${problems.join('; ')}`);
  }
  const vars = parsed.data;
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    workers: vars.WEB_CONCURRENCY,
    catalogueCheckMs: vars.CATALOGUE_CHECK_MS,
    shutdown: { delayMs: vars.SHUTDOWN_DELAY_MS, graceMs: vars.SHUTDOWN_GRACE_MS },
    dataDir: path.resolve(vars.DATA_DIR),
    backupDir: path.resolve(vars.BACKUP_DIR ?? path.join(vars.DATA_DIR, 'backups')),
    databaseUrl: vars.DATABASE_URL,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    databasePreparedStatements: vars.DATABASE_PREPARED_STATEMENTS === 'true',
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    // Without PUBLIC_URL the shop is on this machine, reached by either loopback name.
    siteOrigins: [...(vars.PUBLIC_URL ? [new URL(vars.PUBLIC_URL).origin] : [`http://localhost:${vars.PORT}`, `http://127.0.0.1:${vars.PORT}`]), ...vars.TRUSTED_ORIGINS],
    logLevel: vars.LOG_LEVEL,
    requestLog: { accessLog: vars.ACCESS_LOG === 'true', slowRequestMs: vars.SLOW_REQUEST_MS, sampleRate: vars.REQUEST_LOG_SAMPLE },
    trustProxy: vars.TRUST_PROXY,
    formRateLimitPerHour: vars.FORM_RATE_LIMIT_PER_HOUR,
    orderLimits: { ordersPerMinute: vars.ORDER_RATE_LIMIT_PER_MINUTE, cardAttemptsPerMinute: vars.CARD_RATE_LIMIT_PER_MINUTE },
    unpaidOrderHours: vars.UNPAID_ORDER_HOURS,
    newsletterRatePerMinute: vars.NEWSLETTER_RATE_PER_MINUTE,
    cartReminderHours: vars.CART_REMINDER_HOURS,
    supportRefundLimitCents: Math.round(vars.SUPPORT_REFUND_LIMIT * 100),
    metricsToken: vars.METRICS_TOKEN,
    auth: authConfig(vars),
    payments:
      vars.STRIPE_SECRET_KEY && vars.STRIPE_PUBLISHABLE_KEY
        ? {
            gateway: 'stripe',
            secretKey: vars.STRIPE_SECRET_KEY,
            publishableKey: vars.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
            apiUrl: vars.STRIPE_API_URL,
          }
        : { gateway: 'local' },
    mail: {
      smtp: vars.SMTP_URL ? { url: vars.SMTP_URL, caFile: vars.SMTP_CA_FILE } : undefined,
      from: vars.MAIL_FROM ?? 'Joinery Tool Works <shop@joinery.example>',
      shopNotifyEmail: vars.SHOP_NOTIFY_EMAIL,
    },
    pictureBucket: pictureBucketConfig(vars),
    webRoot,
  };
}

function pictureBucketConfig(vars: EnvVars): PictureBucketConfig | undefined {
  const { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = vars;
  if (!bucket || !endpoint || !region || !accessKeyId || !secretAccessKey) return undefined;
  return { bucket, endpoint, region, accessKeyId, secretAccessKey, forcePathStyle: vars.S3_FORCE_PATH_STYLE === 'true' };
}

function authConfig(vars: EnvVars): AuthConfig {
  const oauth = (prefix: 'GOOGLE' | 'FACEBOOK'): OAuthProviderConfig | undefined => {
    const clientId = vars[`${prefix}_CLIENT_ID`];
    const clientSecret = vars[`${prefix}_CLIENT_SECRET`];
    if (!clientId || !clientSecret) return undefined;
    return {
      clientId,
      clientSecret,
      authorizationUrl: vars[`${prefix}_AUTHORIZATION_URL`],
      tokenUrl: vars[`${prefix}_TOKEN_URL`],
      userInfoUrl: vars[`${prefix}_USERINFO_URL`],
    };
  };
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM_NUMBER: fromNumber } = vars;
  const { CAPTCHA_PROVIDER: provider, CAPTCHA_SITE_KEY: siteKey, CAPTCHA_SECRET_KEY: secretKey } = vars;
  return {
    secret: vars.BETTER_AUTH_SECRET,
    admin: vars.ADMIN_EMAIL && vars.ADMIN_PASSWORD ? { email: vars.ADMIN_EMAIL, password: vars.ADMIN_PASSWORD } : undefined,
    attemptsPerMinute: vars.AUTH_RATE_LIMIT_PER_MINUTE,
    google: oauth('GOOGLE'),
    facebook: oauth('FACEBOOK'),
    sms:
      vars.SMS_GATEWAY === 'twilio' && accountSid && authToken && fromNumber ? { kind: 'twilio', accountSid, authToken, fromNumber, apiUrl: vars.TWILIO_API_URL } : { kind: 'log' },
    smsCodesPerNumberPerHour: vars.SMS_CODES_PER_NUMBER_PER_HOUR,
    captcha: provider && siteKey && secretKey ? { provider, siteKey, secretKey, verifyUrl: vars.CAPTCHA_VERIFY_URL } : undefined,
  };
}
