import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.ts';

/** The bot-check providers' script and frame origins, allowed only when one is configured. */
const captchaOrigins = {
  turnstile: ['https://challenges.cloudflare.com'],
  recaptcha: ['https://www.google.com', 'https://www.gstatic.com'],
} as const;

/**
 * Security headers with a Content-Security-Policy the built app runs under: every script, style and
 * font comes from the shop itself (and the bot-check's provider and Stripe, when set up), images from
 * the shop or any https address, and nothing may frame it.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  const captcha = config.auth.captcha ? captchaOrigins[config.auth.captcha.provider] : [];
  // Stripe Elements runs Stripe's script and frames, which talk to Stripe's API.
  const stripe = config.payments.gateway === 'stripe' ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];
  const stripeApi = config.payments.gateway === 'stripe' ? ['https://api.stripe.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...captcha, ...stripe],
        frameSrc: ["'self'", ...captcha, ...stripe, ...(stripe.length ? ['https://hooks.stripe.com'] : [])],
        styleSrc: ["'self'"],
        // A product's image may be an https address anywhere (the admin's form takes a URL or an upload);
        // uploads are served by the shop itself and need only 'self'.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...captcha, ...stripeApi],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        // Only an https shop may ask the browser to upgrade; on plain http it would break every request.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
}
