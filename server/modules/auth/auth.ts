import { randomUUID } from 'node:crypto';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { captcha, phoneNumber, twoFactor } from 'better-auth/plugins';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { z } from 'zod';
import { phoneAccountDomain } from '../../../common/account-contact.ts';
import { sameEmail } from '../../../common/contact-rules.ts';
import { accountMessages } from '../../../common/account-rules.ts';
import { apiErrors, type ErrorCode } from '../../../common/error-codes.ts';
import { changePasswordBodySchema, forgotPasswordSchema, resetPasswordBodySchema } from '../../../common/schemas/password-changes.ts';
import { signInPhoneSchema } from '../../../common/schemas/phone-sign-in.ts';
import { problemOf } from '../../../common/schemas/problem-of.ts';
import { signInSchema, signUpSchema } from '../../../common/schemas/users.ts';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config/env.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimitRepository } from '../rate-limit/rate-limit-repository.ts';
import { createAccountMail } from './account-mail.ts';
import { createAccountSessionRepository } from './account-session-repository.ts';
import { logAuthLine } from './auth-log.ts';
import { isCommonPassword } from './common-passwords/common-password.ts';
import { createAddressOwnership } from './address-ownership.ts';
import { configuredOAuthProviders } from './oauth-providers.ts';
import { usesSecureCookies } from './session-cookie.ts';
import { sessionLifetime } from './session-lifetime.ts';
import { SmsDeliveryError, type SmsSender } from './sms/sms-sender.ts';

/** The header through which the server hands better-auth the client's address (see auth-routes.ts). */
export const clientAddressHeader = 'x-joinery-client-address';

/**
 * A phone number in its one international form (E.164), so that '+1 415 555 0100' and '+14155550100'
 * share their codes, their limit and their account.
 */
const canonicalPhone = (phone: string) => parsePhoneNumberFromString(phone)?.number ?? phone;

/**
 * Accounts made by phone need an e-mail address; this one can never receive mail, and cannot be
 * guessed (sign-up refuses .invalid addresses anyway), so nobody can take it first.
 */
export const phoneAccountEmail = (phone: string) => `${phone.replace(/\D/g, '')}.${randomUUID()}@${phoneAccountDomain}`;

/** The name a phone account starts with, until its owner sets one in My Profile. */
export const phoneAccountName = 'Joinery customer';

const codeLifetimeSeconds = 5 * 60;
const hourMs = 60 * 60 * 1000;
/** How long the links in account mail work; the messages (account-messages.ts) say the same. */
const resetLinkLifetimeSeconds = 60 * 60;
const confirmationLinkLifetimeSeconds = 24 * 60 * 60;

/** Paths a client may call only a few times a minute: guessing passwords or codes must be slow. */
const guardedPaths = [
  '/sign-in/email',
  '/sign-up/email',
  '/sign-in/social',
  '/phone-number/send-otp',
  '/phone-number/verify',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  // Each of these mails a link or checks a password: as slow to abuse as signing in.
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/send-verification-email',
];

export interface AuthDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  secret: string;
  sms: SmsSender;
  rateLimits: RateLimitRepository;
  mailer: Mailer;
  log: FastifyBaseLogger;
  clock: Clock;
  /**
   * Runs when someone signs in, and when an address is confirmed: what the shop keeps for an address
   * proved to be the account's (a guest's orders, ADR 038) joins it.
   */
  onSignedIn?: (userId: string) => Promise<void>;
}

/** A refusal by the shop's own checks on better-auth's routes: a declared code, at its declared status. */
function refusal(code: ErrorCode, message: string = apiErrors[code].message): APIError {
  return new APIError(apiErrors[code].status, { code, message });
}

/** A 400 with the first of a form's messages (or the default one). */
function badRequest(message: string | undefined): APIError {
  return refusal('VALIDATION_FAILED', message);
}

/** A body checked with one of the shared schemas, or the first of its messages as a 400. */
function parsedOrRefused<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message);
  return parsed.data;
}

/** A new password must not be one that attackers try first. */
function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw refusal('PASSWORD_TOO_COMMON', accountMessages.passwordTooCommon);
}

/** better-auth builds the same mail for a new account and for a new link; the path tells them apart. */
const isNewLinkRequest = (request: Request | undefined) => Boolean(request && new URL(request.url).pathname.endsWith('/send-verification-email'));

/**
 * better-auth's settings for this shop; the schema test checks the migrations against them.
 * `askBetterAuth` reads a request's session through better-auth itself (the account's id, or null),
 * for the few checks inside its own hooks that meet a cookie the shop does not read (ADR 058).
 */
export function authOptions(
  { config, database, secret, sms, rateLimits, mailer, log, clock, onSignedIn }: AuthDependencies,
  askBetterAuth: (headers: Headers) => Promise<string | null>,
) {
  const { auth: settings } = config;
  const attemptsRule = { window: 60, max: settings.attemptsPerMinute };
  const accountMail = createAccountMail({ mailer, db: database.db, rateLimits, publicUrl: config.publicUrl, log });
  const addressOwnership = createAddressOwnership({
    db: database.db,
    accountSessions: createAccountSessionRepository(database.db),
    secret,
    secureCookies: usesSecureCookies(config.publicUrl),
    clock,
    askBetterAuth,
  });

  /** The shop's own rules run before better-auth's, so that the pages get the specification's messages. */
  const checkInput = createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/sign-in/email') {
      const parsed = signInSchema.safeParse(ctx.body);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message);
    }
    if (ctx.path === '/sign-up/email') {
      const parsed = signUpSchema.safeParse(ctx.body);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message);
      refuseCommonPassword(parsed.data.password);
      // better-auth goes on with the checked fields only.
      return { context: { body: parsed.data } };
    }
    if (ctx.path === '/request-password-reset') {
      return { context: { body: parsedOrRefused(forgotPasswordSchema, ctx.body) } };
    }
    if (ctx.path === '/reset-password') {
      const body = parsedOrRefused(resetPasswordBodySchema, ctx.body);
      refuseCommonPassword(body.newPassword);
      return { context: { body } };
    }
    if (ctx.path === '/change-password') {
      const body = parsedOrRefused(changePasswordBodySchema, ctx.body);
      refuseCommonPassword(body.newPassword);
      // Whoever changes a password may be locking someone out: every other session ends, whatever the client asked.
      return { context: { body: { ...body, revokeOtherSessions: true } } };
    }
    if (ctx.path === '/send-verification-email') {
      // Only from the dashboard's banner, for the signed-in account's own address: nobody can have
      // links mailed to an address that is not theirs.
      const session = await getSessionFromCtx(ctx);
      if (!session) throw refusal('UNAUTHENTICATED', 'Please log in to ask for a new link.');
      return { context: { body: { email: session.user.email } } };
    }
    if (ctx.path === '/phone-number/send-otp' || ctx.path === '/phone-number/verify') {
      const body = ctx.body as { phoneNumber?: unknown } | undefined;
      const phone = typeof body?.phoneNumber === 'string' ? body.phoneNumber : undefined;
      const number = phone === undefined ? undefined : canonicalPhone(phone);
      if (ctx.path === '/phone-number/send-otp') {
        const problem = problemOf(signInPhoneSchema, phone);
        if (problem) throw badRequest(problem);
        const { count } = await rateLimits.hit(`sms-number:${String(number)}`, hourMs);
        if (count > settings.smsCodesPerNumberPerHour) {
          throw refusal('RATE_LIMITED', 'Too many codes were sent to this number. Please try again in an hour.');
        }
      }
      // better-auth keys codes and accounts by the number as sent: one spelling per number.
      if (number !== phone) return { context: { body: { ...body, phoneNumber: number } } };
    }
  });

  /** better-auth has no callback for a changed password (only for a reset): its answer says whose it was. */
  const announceChangedPassword = createAuthMiddleware(async (ctx) => {
    const returned: unknown = ctx.context.returned;
    if (ctx.path !== '/change-password' || isAPIError(returned) || !returned || typeof returned !== 'object' || !('user' in returned)) return;
    await accountMail.passwordChanged(returned.user as { name: string; email: string });
  });

  return {
    appName: 'Joinery',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: { db: database.db, type: database.dialect },
    trustedOrigins: config.siteOrigins,
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => logAuthLine(log, level, message, args),
    },
    // A refused sign-in is the caller's problem, not the server's: only failures are errors.
    onAPIError: {
      onError(error) {
        if (isAPIError(error) && error.status !== 'INTERNAL_SERVER_ERROR') log.debug({ err: error }, 'auth request refused');
        else log.error({ err: error }, 'auth request failed');
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: resetLinkLifetimeSeconds,
      // A reset is how an owner takes back an account: whoever else was signed in is signed out.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => accountMail.passwordReset(user, token),
      async onPasswordReset({ user }) {
        // The link was mailed to the address: whoever used it reads that mail, and owns the account.
        await addressOwnership.proven(user.email, 'password-reset');
        await accountMail.passwordChanged(user);
      },
    },
    // Signing up mails a link that confirms the address; nothing waits for it (ADR 010).
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: confirmationLinkLifetimeSeconds,
      // The account the shop makes at start for ADMIN_EMAIL counts as confirmed (its owner named the
      // address): it is sent no link to confirm it.
      sendVerificationEmail: async ({ user, token }, request) => {
        if (config.auth.admin && sameEmail(user.email, config.auth.admin.email)) return;
        await accountMail.emailConfirmation(user, token, isNewLinkRequest(request) ? 'new link' : 'welcome');
      },
      // Opened where the account is signed in, the link confirms the sign-up of the one who made it.
      // Opened anywhere else, it is the address's owner reading a mail they did not expect: the
      // account becomes theirs, and they choose a password with "Forgot password" (ADR 016).
      async beforeEmailVerification(user, request) {
        if (await addressOwnership.signedInAs(user.id, request?.headers)) return;
        await addressOwnership.proven(user.email, 'confirmation-link');
      },
      afterEmailVerification: async (user) => onSignedIn?.(user.id),
    },
    // Every sign-in (password, Google, Facebook, phone) makes a session.
    session: { expiresIn: sessionLifetime.expiresInSeconds, updateAge: sessionLifetime.updateAgeSeconds },
    databaseHooks: { session: { create: { after: async (session) => onSignedIn?.(session.userId) } } },
    user: {
      additionalFields: {
        // `input: false`: no sign-up or profile call from a browser can set these through better-auth.
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        // Which staff role an admin has (migration 032); the shop writes it, only through PUT /users/{email}/role and Make Admin.
        staffRole: { type: 'string', required: false, input: false, fieldName: 'staff_role' },
        education: { type: 'string', required: false, input: false },
        location: { type: 'string', required: false, input: false },
        contactNumber: { type: 'string', required: false, input: false },
      },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 120,
      customRules: Object.fromEntries(guardedPaths.map((path) => [path, attemptsRule])),
      // Counted in the shop's database, so that every server process sees the same counts.
      customStorage: {
        async consume(key, rule) {
          const { count, msUntilReset } = await rateLimits.hit(`auth:${key}`, rule.window * 1000);
          const allowed = count <= rule.max;
          return { allowed, retryAfter: allowed ? null : Math.max(1, Math.ceil(msUntilReset / 1000)) };
        },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [clientAddressHeader] },
      useSecureCookies: usesSecureCookies(config.publicUrl),
      // better-auth skips its origin/CSRF checks when the process runs with NODE_ENV=test; keep them on always.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // Made here, not by the database: with 'uuid' better-auth leaves PostgreSQL to make ids, and the
      // migrations' text ids have no default there.
      database: { generateId: () => randomUUID() },
    },
    hooks: { before: checkInput, after: announceChangedPassword },
    // Endpoints no page uses are off. The phone plugin's password sign-in and reset would work
    // outside the codes' checks and limits above; the session lists would hand tokens to scripts;
    // profile and e-mail changes go through PUT /api/users/{email}, with the shop's rules.
    disabledPaths: [
      '/sign-in/phone-number',
      '/phone-number/request-password-reset',
      '/phone-number/reset-password',
      '/list-sessions',
      '/revoke-session',
      '/revoke-sessions',
      '/revoke-other-sessions',
      '/update-user',
      '/change-email',
      '/delete-user',
      '/link-social',
      '/unlink-account',
      '/list-accounts',
      '/account-info',
      '/get-access-token',
      '/refresh-token',
    ],
    plugins: [
      phoneNumber({
        otpLength: 6,
        expiresIn: codeLifetimeSeconds,
        allowedAttempts: 3,
        phoneNumberValidator: (phone) => signInPhoneSchema.safeParse(phone).success,
        // Not the number as the name: names are shown with reviews, and a phone number is private.
        signUpOnVerification: { getTempEmail: phoneAccountEmail, getTempName: () => phoneAccountName },
        async sendOTP({ phoneNumber: to, code }) {
          try {
            await sms.send({ to, body: `Your Joinery sign-in code is ${code}. It expires in 5 minutes.` });
          } catch (error) {
            log.error({ err: error }, 'could not send a sign-in code');
            throw refusal('SMS_NOT_SENT', error instanceof SmsDeliveryError ? error.message : undefined);
          }
        },
      }),
      twoFactor({ issuer: 'Joinery', backupCodeOptions: { amount: 10 } }),
      ...(settings.google || settings.facebook ? [genericOAuth({ config: configuredOAuthProviders(settings, addressOwnership) })] : []),
      ...(settings.captcha
        ? [
            captcha({
              provider: settings.captcha.provider === 'turnstile' ? 'cloudflare-turnstile' : 'google-recaptcha',
              secretKey: settings.captcha.secretKey,
              endpoints: ['/phone-number/send-otp'],
              ...(settings.captcha.verifyUrl ? { siteVerifyURLOverride: settings.captcha.verifyUrl } : {}),
            }),
          ]
        : []),
    ],
  } satisfies BetterAuthOptions;
}

export function createAuth(dependencies: AuthDependencies) {
  // Asked only while a request is answered, by when the instance it reads through exists.
  const reader: { sessionOf?: (headers: Headers) => Promise<string | null> } = {};
  const auth = betterAuth(authOptions(dependencies, (headers) => reader.sessionOf!(headers)));
  reader.sessionOf = async (headers) => (await auth.api.getSession({ headers }))?.user.id ?? null;
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
