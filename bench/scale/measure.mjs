// Timing the shop's calls as its pages make them: one after another, measured by the client.

const warmUps = 3;

/**
 * A call a page of the shop makes: its name in the table, the path asked for, with whose cookie,
 * and whether a 404 means that the shop has no such route (the call is then skipped, not failed).
 * @typedef {{ name: string, path: string, cookie?: string | undefined, mayNotExist?: boolean }} Call
 */

/**
 * A measured call; p50 and p95 are unset for a skipped call.
 * @typedef {{ name: string, status: number, p50?: number, p95?: number, skipped?: string }} Measurement
 */

/**
 * Asks as a browser does (brotli accepted) and reads the whole body, which the time includes.
 * @param {string} url
 * @param {string | undefined} cookie
 */
export async function get(url, cookie) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) } });
  const body = await response.text();
  return { status: response.status, headers: response.headers, body };
}

/**
 * The session cookie a sign-in or sign-up sets, as a Cookie header.
 * @param {Response} response
 */
function sessionCookie(response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * A better-auth call; the shop refuses it without its own origin.
 * @param {string} shopUrl
 * @param {'sign-in' | 'sign-up'} action
 * @param {Record<string, string>} body
 */
async function authenticate(shopUrl, action, body) {
  const response = await fetch(`${shopUrl}/api/auth/${action}/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shopUrl },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${action} of ${body.email} answered ${response.status}: ${await response.text()}`);
  /** @type {unknown} */
  const answer = await response.json();
  return { id: /** @type {{ user: { id: string } }} */ (answer).user.id, cookie: sessionCookie(response) };
}

/**
 * @param {string} shopUrl
 * @param {{ name: string, email: string, password: string }} account
 */
export const signUp = (shopUrl, account) => authenticate(shopUrl, 'sign-up', account);

/**
 * @param {string} shopUrl
 * @param {{ email: string, password: string }} account
 */
export async function signIn(shopUrl, account) {
  return (await authenticate(shopUrl, 'sign-in', { email: account.email, password: account.password })).cookie;
}

/**
 * The value at fraction `p` of sorted samples (nearest rank).
 * @param {number[]} sorted
 * @param {number} p
 */
function percentile(sorted, p) {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Times `samples` requests of a call, one after another, after a few unmeasured ones that warm
 * the server's caches and the connection.
 * @param {string} shopUrl
 * @param {Call} call
 * @param {number} samples
 * @returns {Promise<Measurement>}
 */
export async function measure(shopUrl, call, samples) {
  const url = `${shopUrl}${call.path}`;
  const first = await get(url, call.cookie);
  if (call.mayNotExist && first.status === 404) return { name: call.name, status: 404, skipped: 'the shop has no such route (404)' };
  for (let warmUp = 1; warmUp < warmUps; warmUp += 1) await get(url, call.cookie);
  /** @type {number[]} */
  const times = [];
  let status = first.status;
  for (let sample = 0; sample < samples; sample += 1) {
    const started = performance.now();
    const answer = await get(url, call.cookie);
    times.push(performance.now() - started);
    if (answer.status !== first.status) status = answer.status;
  }
  times.sort((a, b) => a - b);
  return { name: call.name, status, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/**
 * @param {Measurement[]} measurements
 * @returns {string}
 */
export function markdownTable(measurements) {
  /** @param {number | undefined} ms */
  const shown = (ms) => (ms === undefined ? '–' : ms.toFixed(1));
  return [
    '| call | p50 ms | p95 ms | status |',
    '|---|---:|---:|---|',
    ...measurements.map((row) => `| ${row.name} | ${shown(row.p50)} | ${shown(row.p95)} | ${row.skipped ? `skipped: ${row.skipped}` : row.status} |`),
  ].join('\n');
}
