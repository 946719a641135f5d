// One customer of the checkout benchmark: Buy Now, then the payment page, as the web app calls them.
import http from 'node:http';

const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'C. Cardholder' };
const delivery = { phone: '+1 555 010 2030', adress: '12 Bench Lane, Oak Town' };

/**
 * The value at fraction `p` of sorted samples (nearest rank).
 * @param {number[]} sorted
 * @param {number} p
 */
export function percentile(sorted, p) {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

/** A call the shop refused or failed, named by its step, status and error code. */
class Refused extends Error {
  /**
   * @param {string} step
   * @param {number} status
   * @param {string} code
   */
  constructor(step, status, code) {
    super(`${step} ${status}${code ? ` ${code}` : ''}`);
  }
}

/**
 * Kept-alive connections, as a browser keeps them. node:http, not fetch: on this 2-core machine the
 * customers share the CPU with the shop, and fetch costs several times more of it for each call.
 */
const agent = new http.Agent({ keepAlive: true });

/**
 * A JSON call with the customer's cookie and the shop's own origin, as the browser sends it; its
 * answer's JSON, or a Refused with the status and the shop's error code.
 * @param {string} shopUrl
 * @param {string} cookie
 * @param {string} step what the call is, for the error count
 * @param {string} method
 * @param {string} path
 * @param {object} [body]
 * @param {number} [expected]
 * @returns {Promise<Record<string, unknown>>}
 */
function call(shopUrl, cookie, step, method, path, body, expected = 200) {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${shopUrl}${path}`,
      {
        method,
        agent,
        headers: { origin: shopUrl, cookie, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          /** @type {Record<string, unknown>} */
          let answer = {};
          try {
            /** @type {unknown} */
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (json && typeof json === 'object') answer = /** @type {Record<string, unknown>} */ (json);
          } catch {
            // Not JSON: the status says what happened.
          }
          if (response.statusCode !== expected) reject(new Refused(step, response.statusCode ?? 0, typeof answer.code === 'string' ? answer.code : ''));
          else resolve(answer);
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * Buy Now for one piece, then the payment page, which opens on the order the placing answered: the
 * payment started, the card authorised on the local card form, the order marked paid. Answers how
 * long from placing to paid.
 * @param {string} shopUrl
 * @param {string} cookie
 * @param {string} productId
 */
async function buyOne(shopUrl, cookie, productId) {
  const started = performance.now();
  const order = await call(shopUrl, cookie, 'place', 'POST', '/api/orders', { productId, quantity: 1, ...delivery }, 201);
  const orderId = String(order._id);
  const payment = await call(shopUrl, cookie, 'start payment', 'POST', '/api/create-payment-intent', { orderId });
  await call(shopUrl, cookie, 'authorise', 'POST', '/api/payments/local/authorise', { orderId, clientSecret: payment.clientSecret, ...card });
  await call(shopUrl, cookie, 'mark paid', 'PUT', `/api/orders/${orderId}`, { paymentStatus: 'paid', transactionId: payment.transactionId });
  const at = performance.now();
  return { ms: at - started, at };
}

/**
 * A customer buying one piece after another until `until` (a performance.now() time), or `orders`
 * of them: the orders paid, and the calls refused or failed, by step, status and code.
 * @param {string} shopUrl
 * @param {string} cookie
 * @param {string} productId
 * @param {number} until
 * @param {number} [orders]
 */
export async function customerBuying(shopUrl, cookie, productId, until, orders = Infinity) {
  /** @type {{ ms: number, at: number }[]} */
  const paid = [];
  /** @type {Map<string, number>} */
  const errors = new Map();
  for (let tried = 0; tried < orders && (tried === 0 || performance.now() < until); tried += 1) {
    try {
      paid.push(await buyOne(shopUrl, cookie, productId));
    } catch (error) {
      const what = error instanceof Refused ? error.message : `network ${error instanceof Error ? error.message : String(error)}`;
      errors.set(what, (errors.get(what) ?? 0) + 1);
    }
  }
  return { paid, errors };
}

/**
 * The calls all the customers had refused or failed, each kind once with its count, in order of its
 * name: "none" when there were none.
 * @param {Awaited<ReturnType<typeof customerBuying>>[]} runs
 */
export function refusals(runs) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const run of runs) for (const [what, count] of run.errors) counts.set(what, (counts.get(what) ?? 0) + count);
  const sorted = [...counts].sort(([a], [b]) => a.localeCompare(b));
  return sorted.length === 0 ? 'none' : sorted.map(([what, count]) => `${what} × ${count}`).join(', ');
}
