// A local stand-in for Google's OAuth endpoints, so that the Google sign-in can be driven end to end
// without the internet. The authorize page consents at once and sends the browser back with a code;
// the token and user-info endpoints answer as Google's do. Only this third party is faked.
import http from 'node:http';

const port = Number(process.env.OAUTH_STAND_IN_PORT ?? 4174);
const clientId = process.env.GOOGLE_CLIENT_ID ?? 'e2e-google-client';
const clientSecret = process.env.GOOGLE_CLIENT_SECRET ?? 'e2e-google-secret';
const standInPerson = { sub: 'google-e2e-grace', email: 'grace.hopper@example.com', email_verified: true, name: 'Grace Hopper' };
const issuedCodes = new Set();

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
 * Answers one request as Google's endpoints would.
 * @param {http.IncomingMessage} request
 * @param {http.ServerResponse} response
 */
async function answer(request, response) {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  if (url.pathname === '/health') return send(response, 200, { ok: true });

  if (url.pathname === '/google/authorize') {
    const redirectUri = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== clientId || !redirectUri || !url.searchParams.get('state')) {
      return send(response, 400, { error: 'invalid_request' });
    }
    const code = `code-${Math.random().toString(36).slice(2)}`;
    issuedCodes.add(code);
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', url.searchParams.get('state'));
    response.writeHead(302, { location: back.toString() });
    return response.end();
  }

  if (url.pathname === '/google/token' && request.method === 'POST') {
    const form = await formBody(request);
    const basic = request.headers.authorization?.startsWith('Basic ')
      ? Buffer.from(request.headers.authorization.slice(6), 'base64').toString().split(':')
      : [form.get('client_id'), form.get('client_secret')];
    if (basic[0] !== clientId || decodeURIComponent(basic[1] ?? '') !== clientSecret) return send(response, 401, { error: 'invalid_client' });
    if (!issuedCodes.delete(form.get('code'))) return send(response, 400, { error: 'invalid_grant' });
    return send(response, 200, { access_token: 'stand-in-access-token', token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile' });
  }

  if (url.pathname === '/google/userinfo') {
    if (request.headers.authorization !== 'Bearer stand-in-access-token') return send(response, 401, { error: 'invalid_token' });
    return send(response, 200, standInPerson);
  }

  send(response, 404, { error: 'not_found' });
}

http
  .createServer((request, response) => {
    // A fault in the stand-in answers 500, so that the sign-in that met it fails with the reason.
    answer(request, response).catch((error) => send(response, 500, { error: String(error) }));
  })
  .listen(port, '127.0.0.1');
