// A local stand-in for Google's and Facebook's OAuth endpoints, so that both sign-ins can be driven end
// to end without the internet. The authorize page (Facebook's dialog) consents at once and sends the
// browser back with a code; the token and user-info endpoints (Facebook's Graph API /me) answer as the
// providers' do. Only these third parties are faked.
import http from 'node:http';

const port = Number(process.env.OAUTH_STAND_IN_PORT ?? 4174);
/**
 * Each provider's endpoints (as the providers name them), its client, the token it hands out, and the
 * person who signs in with it.
 * @typedef {{ authorize: string, token: string, userInfo: string, clientId: string, clientSecret: string, accessToken: string, person: Record<string, unknown> }} Provider
 * @type {Record<'google' | 'facebook', Provider>}
 */
const providers = {
  google: {
    authorize: '/google/authorize',
    token: '/google/token',
    userInfo: '/google/userinfo',
    clientId: process.env.GOOGLE_CLIENT_ID ?? 'e2e-google-client',
    clientSecret: process.env.GOOGLE_CLIENT_SECRET ?? 'e2e-google-secret',
    accessToken: 'stand-in-google-access-token',
    person: { sub: 'google-e2e-grace', email: 'grace.hopper@example.com', email_verified: true, name: 'Grace Hopper' },
  },
  facebook: {
    authorize: '/facebook/dialog/oauth',
    token: '/facebook/oauth/access_token',
    userInfo: '/facebook/me',
    clientId: process.env.FACEBOOK_CLIENT_ID ?? 'e2e-facebook-client',
    clientSecret: process.env.FACEBOOK_CLIENT_SECRET ?? 'e2e-facebook-secret',
    accessToken: 'stand-in-facebook-access-token',
    // What the Graph API's /me knows; it answers only the fields asked for.
    person: { id: '10224466880011', name: 'Margaret Hamilton', email: 'margaret.hamilton@example.com', picture: { data: { url: 'https://example.com/margaret.jpg' } } },
  },
};
/** Codes handed out and not yet exchanged, with the provider each was for. */
const issuedCodes = new Map();

/**
 * @param {http.ServerResponse} response
 * @param {number} status
 * @param {unknown} body
 * @param {http.OutgoingHttpHeaders} [headers]
 */
function send(response, status, body, headers = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** @param {http.IncomingMessage} request */
async function formBody(request) {
  let text = '';
  for await (const chunk of request) text += chunk;
  return new URLSearchParams(text);
}

/**
 * Answers one request as Google's or Facebook's endpoints would.
 * @param {http.IncomingMessage} request
 * @param {http.ServerResponse} response
 */
async function answer(request, response) {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  if (url.pathname === '/health') return send(response, 200, { ok: true });

  const name = url.pathname.startsWith('/facebook/') ? 'facebook' : 'google';
  const provider = providers[name];

  if (url.pathname === provider.authorize) {
    const redirectUri = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== provider.clientId || !redirectUri || !url.searchParams.get('state')) {
      return send(response, 400, { error: 'invalid_request' });
    }
    const code = `code-${Math.random().toString(36).slice(2)}`;
    issuedCodes.set(code, name);
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', url.searchParams.get('state'));
    response.writeHead(302, { location: back.toString() });
    return response.end();
  }

  if (url.pathname === provider.token && request.method === 'POST') {
    const form = await formBody(request);
    const basic = request.headers.authorization?.startsWith('Basic ')
      ? Buffer.from(request.headers.authorization.slice(6), 'base64').toString().split(':')
      : [form.get('client_id'), form.get('client_secret')];
    if (basic[0] !== provider.clientId || decodeURIComponent(basic[1] ?? '') !== provider.clientSecret) return send(response, 401, { error: 'invalid_client' });
    const code = form.get('code');
    if (issuedCodes.get(code) !== name) return send(response, 400, { error: 'invalid_grant' });
    issuedCodes.delete(code);
    return send(response, 200, { access_token: provider.accessToken, token_type: 'Bearer', expires_in: 3600 });
  }

  if (url.pathname === provider.userInfo) {
    if (request.headers.authorization !== `Bearer ${provider.accessToken}`) return send(response, 401, { error: 'invalid_token' });
    if (name === 'google') return send(response, 200, provider.person);
    const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
    return send(response, 200, Object.fromEntries(Object.entries(provider.person).filter(([field]) => fields.includes(field))));
  }

  send(response, 404, { error: 'not_found' });
}

http
  .createServer((request, response) => {
    // A fault in the stand-in answers 500, so that the sign-in that met it fails with the reason.
    answer(request, response).catch((error) => send(response, 500, { error: String(error) }));
  })
  .listen(port, '127.0.0.1');
