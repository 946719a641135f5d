import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config/env.ts';

/** The bot-check providers' script and frame origins, allowed only when one is configured. */
const captchaOrigins = {
  turnstile: ['https://challenges.cloudflare.com'],
  recaptcha: ['https://www.google.com', 'https://www.gstatic.com'],
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` for a route that sets the few headers a file needs itself (the build's hashed files). */
    securityHeaders?: false;
  }
}

/**
 * The headers helmet sets for these options, read once by running it on a stand-in response: they
 * depend only on the configuration (no nonces), so no request needs helmet to run again.
 */
function headersHelmetSets(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers with a Content-Security-Policy the built app runs under: every script, style and
 * font comes from the shop itself (and the bot-check's provider and Stripe, when set up), images from
 * the shop or any https address, and nothing may frame it. Helmet's, written once at start and set
 * with one call on each request, before anything can answer it: the catalogue's kept answers carry
 * them too.
 */
export function securityHeaders(config: AppConfig): Record<string, string> {
  const https = config.publicUrl.startsWith('https://');
  const captcha = config.auth.captcha ? captchaOrigins[config.auth.captcha.provider] : [];
  // Stripe Elements runs Stripe's script and frames, which talk to Stripe's API.
  const stripe = config.payments.gateway === 'stripe' ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];
  const stripeApi = config.payments.gateway === 'stripe' ? ['https://api.stripe.com'] : [];
  return headersHelmetSets({
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

/**
 * Pictures the shop's e-mails show (`/images/email-*`): a mail reader in a browser (Gmail, Outlook on
 * the web) loads them from its own origin, which the same-origin resource policy on everything else
 * would block.
 */
const pictureForEmail = /^\/images\/email-[\w.-]+$/;
const picturesForEmailFolder = '/images/email-';

/** Whether the URL names a picture for e-mail; most requests are told by their first characters, with nothing made. */
function isPictureForEmail(url: string): boolean {
  return url.startsWith(picturesForEmailFolder) && pictureForEmail.test(url.split('?')[0]!);
}

/** Sets the security headers on every answer, first thing; a route may opt out with `securityHeaders: false`. */
export const securityHeadersPlugin = fp<{ config: AppConfig }>(
  (app, { config }, loaded) => {
    const headers = securityHeaders(config);
    const forEmail = { ...headers, 'cross-origin-resource-policy': 'cross-origin' };
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.securityHeaders !== false) reply.headers(isPictureForEmail(request.url) ? forEmail : headers);
      done();
    });
    loaded();
  },
  { name: 'security-headers', fastify: '5.x' },
);
