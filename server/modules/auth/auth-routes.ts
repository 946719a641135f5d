import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import type { ErrorCode } from '../../../common/error-codes.ts';
import { sessionSchema, signInOptionsSchema } from '../../../common/schemas/users.ts';
import type { AuthConfig } from '../../config/env.ts';
import type { UserService } from '../users/user-service.ts';
import { type Auth, clientAddressHeader } from './auth.ts';
import { isPhoneAccountEmail } from '../../../common/account-contact.ts';
import { answerWithAuthLog } from './auth-log.ts';
import type { Sessions } from './viewer.ts';

export interface AuthRouteOptions {
  auth: Auth;
  sessions: Sessions;
  users: UserService;
  settings: AuthConfig;
  publicUrl: string;
}

/** Every `token` field, at any depth: better-auth's session tokens, for apps that use bearer tokens. */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, inner]) => [key, withoutTokens(inner)]),
  );
}

/**
 * better-auth's JSON, made the shop's: the session token never reaches the page's scripts (the
 * HttpOnly cookie is its only carrier), and a 429, which better-auth sends with only a message,
 * gets a code like every other error.
 */
function shopBody(text: string, status: number): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  const shaped = withoutTokens(body);
  if (status === 429 && shaped && typeof shaped === 'object' && !Array.isArray(shaped) && !('code' in shaped)) {
    return JSON.stringify({ ...shaped, code: 'RATE_LIMITED' satisfies ErrorCode });
  }
  return JSON.stringify(shaped);
}

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { auth, sessions, users, settings, publicUrl }) => {
  // Only JSON goes on to better-auth: plain text is refused here with the API's 415, as any other
  // type is, rather than passed on for better-auth to refuse in words of its own.
  app.removeContentTypeParser('text/plain');
  // better-auth answers everything under /api/auth with a web Request and Response.
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    // better-auth settles who may do what on its own routes.
    config: { access: 'public' },
    schema: { hide: true },
    async handler(request, reply) {
      const headers = fromNodeHeaders(request.headers);
      // The client's address as Fastify resolved it (trusted proxies only), for better-auth's rate limits.
      headers.set(clientAddressHeader, request.ip);
      const body = request.method === 'POST' && request.body !== undefined ? JSON.stringify(request.body) : undefined;
      const authRequest = new Request(new URL(request.url, publicUrl), { method: request.method, headers, body });
      const response = await answerWithAuthLog(request.log, () => auth.handler(authRequest));

      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!response.body) return reply.send(null);
      const text = await response.text();
      const json = response.headers.get('content-type')?.includes('application/json');
      return reply.send(json ? shopBody(text, response.status) : text);
    },
  });

  app.get(
    '/session',
    {
      // Anyone may ask; the answer is personal, so it is never kept (the default).
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Who is signed in on this browser, if anyone',
        response: { 200: sessionSchema },
      },
    },
    async (request) => {
      const viewer = await sessions.viewerOf(request);
      if (!viewer) return { user: null };
      const { emailVerified, ...person } = viewer;
      return {
        user: { ...person, hasPassword: await users.hasPassword(viewer.id), emailConfirmationNeeded: !emailVerified && !isPhoneAccountEmail(viewer.email) },
      };
    },
  );

  app.get(
    '/sign-in-options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Which sign-in methods this shop has set up',
        response: { 200: signInOptionsSchema },
      },
    },
    async () => ({
      google: Boolean(settings.google),
      facebook: Boolean(settings.facebook),
      captcha: settings.captcha ? { provider: settings.captcha.provider, siteKey: settings.captcha.siteKey } : null,
    }),
  );
};
