// `npm run test:hosts` (ADR 051): the built shop on three hosts for real. Each host is a Linux network
// namespace of its own (root is needed, for `ip netns`), running `node dist/server/server.js` on its own
// address and data folder; one PostgreSQL server in a fourth namespace serves them all; HAProxy, on this
// machine's loopback, spreads signed-in customers' orders over them and checks /api/health/ready every
// 500 ms. Under that load one host is killed (SIGKILL) and started again, then every host is restarted in
// turn (SIGTERM, ready, next). It checks that no acknowledged order is lost, the stock adds up, sessions
// outlive the host they began on, each e-mail reaches its reader once (by its Message-ID), and the
// balancer stops sending to a dead host within its checks. Everything it made (namespaces, processes,
// files) is removed however it ends.
// Exit code 1 when any check fails. Run `npm run build` first.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'dist/server/server.js');
const started = performance.now();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-hosts-'));
// Only this run's own namespaces and their private addresses: nothing outside this machine is reached.
const prefix = `jh${randomBytes(2).toString('hex')}`;
const bridge = `${prefix}br`;
const subnet = '10.231.0';
const gateway = `${subnet}.1`;
const dbAddress = `${subnet}.10`;
const appPort = 3000;
const checkIntervalMs = 500;
const checkFall = 2;
/** Time past interval × fall the balancer may take to stop sending to a dead host: a check in flight, the scheduler. */
const detectionMarginMs = 1000;
const customers = Number(process.env.HOSTS_CUSTOMERS ?? 12);
const stockGiven = 100_000;
const admin = { email: 'admin@hosts.example', password: 'Hosts-test-admin-9' };
const shopInbox = 'workshop@hosts.example';

/** @type {Array<() => void>} */
const undo = [];
/** @type {string[]} */
const failures = [];
/** @type {string[]} */
const summary = [];

/** @param {string} line */
function log(line) {
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
}

/** @param {boolean} ok @param {string} what */
function check(ok, what) {
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
  log(`${ok ? 'ok' : 'FAIL'}: ${what}`);
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string }} [options]
 */
function sh(command, args, options = {}) {
  return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options }).toString();
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {string} what
 * @param {() => Promise<boolean>} test
 * @param {number} [timeoutMs]
 * @param {number} [intervalMs]
 */
async function waitUntil(what, test, timeoutMs = 60_000, intervalMs = 100) {
  const until = performance.now() + timeoutMs;
  for (;;) {
    if (await test().catch(() => false)) return;
    if (performance.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}

// ---- the network ------------------------------------------------------------------------------

/** A namespace with one veth into the bridge, at `address`. */
/** @param {string} name @param {string} address */
function addHost(name, address) {
  const ns = `${prefix}-${name}`;
  const outside = `${prefix}${name}`.slice(0, 15);
  sh('ip', ['netns', 'add', ns]);
  undo.push(() => sh('ip', ['netns', 'del', ns]));
  sh('ip', ['link', 'add', outside, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns]);
  undo.push(() => sh('ip', ['link', 'del', outside]));
  sh('ip', ['link', 'set', outside, 'master', bridge, 'up']);
  sh('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
  sh('ip', ['-n', ns, 'addr', 'add', `${address}/24`, 'dev', 'eth0']);
  sh('ip', ['-n', ns, 'link', 'set', 'eth0', 'up']);
  return ns;
}

function buildNetwork() {
  sh('ip', ['link', 'add', bridge, 'type', 'bridge']);
  undo.push(() => sh('ip', ['link', 'del', bridge]));
  sh('ip', ['addr', 'add', `${gateway}/24`, 'dev', bridge]);
  sh('ip', ['link', 'set', bridge, 'up']);
}

// ---- PostgreSQL in its own namespace ----------------------------------------------------------

function postgresBin() {
  const versions = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no PostgreSQL under /usr/lib/postgresql (apt-get install postgresql)');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** @param {string} ns */
async function startPostgres(ns) {
  const bin = postgresBin();
  const dataDir = path.join(work, 'pg');
  fs.mkdirSync(dataDir);
  fs.chmodSync(work, 0o755);
  sh('chown', ['postgres:postgres', dataDir]);
  sh('runuser', ['-u', 'postgres', '--', `${bin}/initdb`, '-D', dataDir, '--auth=trust', '-U', 'postgres'], { cwd: '/' });
  fs.appendFileSync(path.join(dataDir, 'pg_hba.conf'), `host all all ${subnet}.0/24 trust\n`);
  const options = `-c listen_addresses=${dbAddress} -c port=5432 -c unix_socket_directories=${dataDir} -c max_connections=200 -c fsync=off -c synchronous_commit=off`;
  sh('ip', ['netns', 'exec', ns, 'runuser', '-u', 'postgres', '--', `${bin}/pg_ctl`, '-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-o', options, '-w', 'start'], {
    cwd: '/',
  });
  undo.push(() => sh('ip', ['netns', 'exec', ns, 'runuser', '-u', 'postgres', '--', `${bin}/pg_ctl`, '-D', dataDir, '-m', 'immediate', 'stop'], { cwd: '/' }));
  const url = `postgres://postgres@${dbAddress}:5432/postgres`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('create database joinery');
  await client.end();
  return `postgres://postgres@${dbAddress}:5432/joinery`;
}

// ---- the mail server the hosts send through -----------------------------------------------------

/** An SMTP server on the bridge with a certificate for its address, counting what arrives. */
async function startMailServer() {
  const key = path.join(work, 'smtp.key');
  const cert = path.join(work, 'smtp.crt');
  sh('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${gateway}`,
    '-addext',
    `subjectAltName=IP:${gateway}`,
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  /** @type {{ to: string[], subject: string, text: string, messageId: string }[]} */
  const received = [];
  const server = new SMTPServer({
    key: fs.readFileSync(key),
    cert: fs.readFileSync(cert),
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'shop' }),
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            messageId: mail.messageId ?? '',
          });
          callback();
        },
        (/** @type {Error} */ error) => callback(error),
      );
    },
  });
  server.on('error', () => undefined);
  await new Promise((resolve) => server.listen(2525, gateway, () => resolve(undefined)));
  undo.push(() => server.close(() => undefined));
  return { received, url: `smtp://shop:relay-password@${gateway}:2525`, caFile: cert };
}

// ---- the app hosts ------------------------------------------------------------------------------

/**
 * @typedef {object} AppHost
 * @property {string} name
 * @property {string} ns
 * @property {string} address
 * @property {import('node:child_process').ChildProcess | undefined} child
 * @property {Promise<number | null> | undefined} exited
 * @property {string} output
 */

/** @param {AppHost} host @param {Record<string, string>} env */
function startApp(host, env) {
  const dataDir = path.join(work, host.name);
  fs.mkdirSync(dataDir, { recursive: true });
  // `ip netns exec` runs node in the host's namespace in its own process: signals reach node itself.
  const child = spawn('ip', ['netns', 'exec', host.ns, process.execPath, serverEntry], {
    cwd: root,
    env: { ...env, HOST: host.address, PORT: String(appPort), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  host.child = child;
  host.output = '';
  child.stdout?.on('data', (/** @type {Buffer} */ chunk) => (host.output += chunk.toString()));
  child.stderr?.on('data', (/** @type {Buffer} */ chunk) => (host.output += chunk.toString()));
  host.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** @param {AppHost} host */
const hostUrl = (host) => `http://${host.address}:${appPort}`;

/** @param {AppHost} host */
async function waitReady(host) {
  await waitUntil(`${host.name} to be ready`, async () => {
    if (host.child?.exitCode !== null) throw new Error(`${host.name} stopped:\n${host.output}`);
    return (await fetch(`${hostUrl(host)}/api/health/ready`)).status === 200;
  });
}

// ---- HAProxy ------------------------------------------------------------------------------------

/** @param {AppHost[]} hosts @param {number} port */
async function startBalancer(hosts, port) {
  const socket = path.join(work, 'haproxy.sock');
  const config = path.join(work, 'haproxy.cfg');
  fs.writeFileSync(
    config,
    `global
  stats socket ${socket} level admin
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # A connection refused never reached a host: it is tried again on another. A request that reached one
  # is never sent twice (no retry on an empty or broken answer): its failure is the client's to see.
  retries 2
  option redispatch 1
  retry-on conn-failure
frontend shop
  bind 127.0.0.1:${port}
  default_backend hosts
backend hosts
  balance roundrobin
  option httpchk GET /api/health/ready
  # A refused connection fails a check at once; an answer may take longer than the interval on a busy machine
  # (the checks would otherwise time out at 500 ms and take every host out at once).
  timeout check 2s
  http-check expect status 200
  default-server inter ${checkIntervalMs} fall ${checkFall} rise 2
${hosts.map((host) => `  server ${host.name} ${host.address}:${appPort} check`).join('\n')}
`,
  );
  const child = spawn('haproxy', ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()));
  undo.push(() => child.kill('SIGKILL'));
  /** Each server's state as HAProxy sees it: UP, DOWN, … */
  async function states() {
    /** @type {string} */
    const csv = await new Promise((resolve, reject) => {
      const connection = net.createConnection(socket);
      let text = '';
      connection.on('data', (/** @type {Buffer} */ chunk) => (text += chunk.toString()));
      connection.on('end', () => resolve(text));
      connection.on('error', reject);
      connection.end('show stat\n');
    });
    /** @type {Record<string, string>} */
    const byServer = {};
    for (const line of csv.split('\n')) {
      const fields = line.split(',');
      if (fields[0] === 'hosts' && fields[1] !== 'BACKEND') byServer[fields[1]] = fields[17]?.split(' ')[0] ?? '';
    }
    return byServer;
  }
  await waitUntil('HAProxy to answer', async () => (child.exitCode === null ? Object.keys(await states()).length === hosts.length : Promise.reject(new Error(output))));
  return { url: `http://127.0.0.1:${port}`, states };
}

// ---- the customers ----------------------------------------------------------------------------

const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'C. Cardholder' };
const delivery = { phone: '+1 555 010 2030', adress: '12 Bench Lane, Oak Town' };

/**
 * The parts of the shop's answers read here.
 * @typedef {{ _id: string, clientSecret: string, transactionId: string, code?: string }} Answer
 */

/**
 * A JSON call to `base` with the shop's origin (PUBLIC_URL) and the customer's cookie.
 * @param {string} base
 * @param {string} origin
 * @param {string} cookie
 * @param {string} method
 * @param {string} route
 * @param {object} [body]
 * @returns {Promise<{ status: number, answer: Answer, setCookie: string[] }>}
 */
async function call(base, origin, cookie, method, route, body) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { origin, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  /** @type {unknown} */
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not the shop's JSON: the balancer's own page, say. Its first words name it.
    parsed = {
      code: text
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40),
    };
  }
  const answer = /** @type {Answer} */ (parsed);
  return { status: response.status, answer, setCookie: response.headers.getSetCookie() };
}

/** @param {string[]} setCookie */
const cookieOf = (setCookie) => setCookie.map((cookie) => cookie.split(';')[0]).join('; ');

/**
 * What the customers saw: every order the shop acknowledged (201) and every one it said was paid,
 * and every call that failed, with its time.
 */
const seen = {
  /** @type {Map<string, { customer: string, paid: boolean }>} */
  orders: new Map(),
  /** @type {{ at: number, step: string, status: string, customer: number, afterKill: boolean }[]} */
  failures: [],
  /** @type {{ at: number, customer: number }[]} */
  successes: [],
};

/**
 * One customer buying one piece after another through the balancer until `running()` is false.
 * @param {number} index
 * @param {string} base
 * @param {string} cookie
 * @param {string} email
 * @param {string} productId
 * @param {() => boolean} running
 */
async function customer(index, base, cookie, email, productId, running) {
  while (running()) {
    /** @param {string} step @param {number | string} status @param {Answer} [answer] */
    const fail = (step, status, answer) =>
      seen.failures.push({ at: performance.now(), step, status: `${status}${answer?.code ? ` ${answer.code}` : ''}`, customer: index, afterKill: false });
    try {
      const placed = await call(base, base, cookie, 'POST', '/api/orders', { productId, quantity: 1, ...delivery });
      if (placed.status !== 201) {
        fail('place', placed.status, placed.answer);
        continue;
      }
      const orderId = placed.answer._id;
      seen.orders.set(orderId, { customer: email, paid: false });
      const intent = await call(base, base, cookie, 'POST', '/api/create-payment-intent', { orderId });
      if (intent.status !== 200) {
        fail('start payment', intent.status, intent.answer);
        continue;
      }
      const { clientSecret, transactionId } = intent.answer;
      const authorised = await call(base, base, cookie, 'POST', '/api/payments/local/authorise', { orderId, clientSecret, ...card });
      if (authorised.status !== 200) {
        fail('authorise', authorised.status, authorised.answer);
        continue;
      }
      const paid = await call(base, base, cookie, 'PUT', `/api/orders/${orderId}`, { paymentStatus: 'paid', transactionId });
      if (paid.status !== 200) {
        fail('mark paid', paid.status, paid.answer);
        continue;
      }
      const order = seen.orders.get(orderId);
      if (order) order.paid = true;
      seen.successes.push({ at: performance.now(), customer: index });
    } catch (error) {
      const cause = error instanceof Error ? /** @type {{ code?: string } | undefined} */ (error.cause) : undefined;
      fail('network', cause?.code ?? (error instanceof Error ? error.message : String(error)));
    }
  }
}

// ---- the run --------------------------------------------------------------------------------------

async function run() {
  if (process.getuid?.() !== 0) throw new Error('test:hosts needs root (ip netns)');
  if (!fs.existsSync(serverEntry)) throw new Error('no build: run `npm run build` first');
  buildNetwork();
  const dbNs = addHost('db', dbAddress);
  const hosts = [1, 2, 3].map(
    (n) =>
      /** @type {AppHost} */ ({ name: `app${n}`, ns: addHost(`app${n}`, `${subnet}.${10 + n}`), address: `${subnet}.${10 + n}`, child: undefined, exited: undefined, output: '' }),
  );
  const databaseUrl = await startPostgres(dbNs);
  log(`PostgreSQL in ${dbNs} at ${dbAddress}; hosts ${hosts.map((host) => host.address).join(', ')}`);
  const mail = await startMailServer();
  const balancerPort = 20000 + Math.floor(Math.random() * 20000);
  const publicUrl = `http://127.0.0.1:${balancerPort}`;
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '10',
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: gateway,
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: mail.url,
    SMTP_CA_FILE: mail.caFile,
    MAIL_FROM: 'Joinery Tool Works <shop@hosts.example>',
    SHOP_NOTIFY_EMAIL: shopInbox,
    ORDER_RATE_LIMIT_PER_MINUTE: '1000000',
    CARD_RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    // Ready answers 503 for longer than the balancer needs to see it before the host stops listening.
    SHUTDOWN_DELAY_MS: String(checkIntervalMs * checkFall + detectionMarginMs),
    SHUTDOWN_GRACE_MS: '10000',
    LOG_LEVEL: 'warn',
  };
  undo.push(() => {
    for (const host of hosts) if (host.child && host.child.exitCode === null) host.child.kill('SIGKILL');
  });
  // The first prepares the database; the others find it done.
  for (const host of hosts) {
    startApp(host, env);
    await waitReady(host);
  }
  const balancer = await startBalancer(hosts, balancerPort);
  await waitUntil('every host UP at the balancer', async () => Object.values(await balancer.states()).every((state) => state === 'UP'));
  log(`HAProxy at ${balancer.url}, checking /api/health/ready every ${checkIntervalMs} ms, down after ${checkFall} failures`);

  // The product, added by the admin through the balancer.
  const adminIn = await call(balancer.url, publicUrl, '', 'POST', '/api/auth/sign-in/email', admin);
  if (adminIn.status !== 200) throw new Error(`admin sign-in answered ${adminIn.status}`);
  const product = await call(balancer.url, publicUrl, cookieOf(adminIn.setCookie), 'POST', '/api/products', {
    name: 'Hosts test marking gauge',
    img: '/images/products/dovetail-saw.webp',
    category: 'other',
    price: 24,
    minQuantity: 1,
    availQuantity: stockGiven,
    description: 'A marking gauge sold while hosts come and go.',
  });
  if (product.status !== 201) throw new Error(`adding the product answered ${product.status}: ${JSON.stringify(product.answer)}`);
  const productId = product.answer._id;

  // Every customer signs up and in through host 1 itself: the host that is killed.
  const [first] = hosts;
  const accounts = [];
  for (let index = 0; index < customers; index += 1) {
    const account = { name: `Hosts Customer ${index}`, email: `customer${index}@hosts.example`, password: 'Hosts-test-customer-9' };
    const up = await call(hostUrl(first), publicUrl, '', 'POST', '/api/auth/sign-up/email', account);
    if (up.status !== 200) throw new Error(`sign-up answered ${up.status}: ${JSON.stringify(up.answer)}`);
    accounts.push({ email: account.email, cookie: cookieOf(up.setCookie) });
  }
  log(`${customers} customers signed in through ${first.name}`);

  let loading = true;
  const load = accounts.map((account, index) => customer(index, balancer.url, account.cookie, account.email, productId, () => loading));
  await sleep(3000);

  // ---- a host dies ----
  const killedAt = performance.now();
  first.child?.kill('SIGKILL');
  const killCode = await first.exited;
  let downAt = Number.NaN;
  const budgetMs = checkIntervalMs * checkFall + detectionMarginMs;
  await waitUntil(
    `${first.name} DOWN at the balancer`,
    async () => {
      if ((await balancer.states())[first.name] !== 'DOWN') return false;
      downAt = performance.now();
      return true;
    },
    10_000,
    20,
  );
  log(`${first.name} killed (signal, code ${killCode}); the balancer marked it DOWN after ${Math.round(downAt - killedAt)} ms`);
  await sleep(3000);
  const afterKill = seen.failures.filter((failure) => failure.at >= killedAt && failure.at < killedAt + 3000 + (downAt - killedAt));
  const lastFailure = Math.max(killedAt, ...afterKill.map((failure) => failure.at));
  startApp(first, env);
  await waitReady(first);
  await waitUntil(`${first.name} UP again at the balancer`, async () => (await balancer.states())[first.name] === 'UP', 30_000);
  log(`${first.name} is back and UP`);
  await sleep(2000);

  // ---- a rolling restart ----
  const rollingFrom = performance.now();
  // Each customer's session began on the host that died (and came back knowing nothing of it).
  const successesAfterKill = new Set(seen.successes.filter((success) => success.at > downAt && success.at < rollingFrom).map((success) => success.customer));
  const exitCodes = [];
  for (const host of hosts) {
    const stopping = performance.now();
    host.child?.kill('SIGTERM');
    exitCodes.push(await host.exited);
    log(`${host.name} stopped gently in ${Math.round(performance.now() - stopping)} ms (exit ${exitCodes.at(-1)})`);
    startApp(host, env);
    await waitReady(host);
    await waitUntil(`${host.name} UP again at the balancer`, async () => (await balancer.states())[host.name] === 'UP', 30_000);
    log(`${host.name} is back and UP`);
  }
  await sleep(2000);
  const rollingTo = performance.now();
  loading = false;
  await Promise.all(load);
  const rollingFailures = seen.failures.filter((failure) => failure.at >= rollingFrom && failure.at <= rollingTo);

  // ---- what the database says ----
  const client = new pg.Client({ connectionString: databaseUrl.replace(/joinery$/, 'joinery') });
  await client.connect();
  const ids = [...seen.orders.keys()];
  /** @type {pg.QueryResult<{ id: string, payment_status: string }>} */
  const { rows: stored } = await client.query('select id, payment_status from orders where id = any($1)', [ids]);
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const lost = ids.filter((id) => !storedById.has(id));
  const unpaid = ids.filter((id) => seen.orders.get(id)?.paid && storedById.get(id)?.payment_status !== 'paid');
  /** @type {pg.QueryResult<{ avail_quantity: number }>} */
  const { rows: stockRows } = await client.query('select sum(avail_quantity)::int as avail_quantity from product_variants where product_id = $1', [productId]);
  /** @type {pg.QueryResult<{ sold: number }>} */
  const { rows: soldRows } = await client.query(
    `select coalesce(sum(l.quantity), 0)::int as sold from order_lines as l join orders as o on o.id = l.order_id
      where l.product_id = $1 and o.payment_status = 'paid'`,
    [productId],
  );
  /** @type {pg.QueryResult<{ id: string, number: string }>} */
  const paidRows = await client.query(`select id, number from orders where payment_status = 'paid' and product_id = $1`, [productId]);
  const paidOrders = paidRows.rows.map((row) => Number(row.number));
  // Paid in the database while the customer saw the payment fail: its calls were in flight on the killed host.
  const paidUnseen = new Set(paidRows.rows.filter((row) => !seen.orders.get(row.id)?.paid).map((row) => Number(row.number)));
  /** @param {string} query */
  const countOf = async (query) => Number(/** @type {pg.QueryResult<{ count: string }>} */ (await client.query(query)).rows[0]?.count ?? 0);

  // Mail: the live hosts finish the queue; the jobs the killed host held stay locked until their lock is
  // 4 hours old (ADR 009). The run cannot wait so long, so it ages those locks (only they are older than
  // the rolling restart) and the hosts run them as they would then.
  // An order whose request died with its host between marking it paid and recording its capture is
  // finished by the sweep that runs every minute, once it was paid a minute ago (ADR 069): up to two
  // minutes, which the run waits.
  const queueIdle = async () => (await countOf('select count(*) from graphile_worker.jobs where locked_at is null and run_at <= now() and attempts < max_attempts')) === 0;
  await waitUntil('the e-mail jobs to be done', queueIdle, 60_000, 250);
  const stillHeld = await countOf(`select count(*) from graphile_worker.jobs where locked_at < now() - interval '20 seconds'`);
  await client.query(`update graphile_worker._private_jobs set locked_at = locked_at - interval '5 hours' where locked_at < now() - interval '20 seconds'`);
  await waitUntil(
    'the captures a killed host left to be finished',
    async () => (await countOf(`select count(*) from orders where payment_status = 'paid' and captured_at is null`)) === 0,
    150_000,
    500,
  );
  // A job that failed during the restarts waits its back-off before it runs again: e^attempts seconds,
  // 55 s after a fourth attempt, which a slow machine's restarts can reach.
  const jobsLeft = async () =>
    /** @type {pg.QueryResult<{ task_identifier: string, attempts: number, run_at: Date, last_error: string | null }>} */ (
      await client.query('select task_identifier, attempts, run_at, last_error from graphile_worker.jobs where attempts < max_attempts')
    ).rows;
  await waitUntil("the killed host's jobs to be done", async () => (await jobsLeft()).length === 0, 150_000, 250).catch(async (/** @type {Error} */ error) => {
    throw new Error(`${error.message}; still waiting: ${JSON.stringify(await jobsLeft())}`);
  });
  await sleep(1000);
  /** @type {pg.QueryResult<{ task_identifier: string, attempts: number, locked_at: Date | null, run_at: Date, last_error: string | null }>} */
  const leftJobs = await client.query('select task_identifier, attempts, locked_at, run_at, last_error from graphile_worker.jobs');
  await client.end();

  // What each reader's mail program shows: copies with one Message-ID are one message. By recipient and
  // subject (the run sends no reader two messages with one subject), the Message-IDs that arrived.
  /** @type {Map<string, Set<string>>} */
  const messageIds = new Map();
  let copiesToReaders = 0;
  for (const [index, message] of mail.received.entries()) {
    for (const to of message.to) {
      copiesToReaders += 1;
      const key = `${to} | ${message.subject}`;
      // A copy without a Message-ID is a message of its own to a mail program: nothing collapses it.
      messageIds.set(key, (messageIds.get(key) ?? new Set()).add(message.messageId || `(none, copy ${index})`));
    }
  }
  const asRead = [...messageIds.values()].reduce((sum, ids) => sum + ids.size, 0);
  const shownTwice = [...messageIds.entries()].filter(([, ids]) => ids.size > 1);
  const shopHost = new URL(publicUrl).hostname;
  const notTheShops = mail.received.filter((message) => !message.messageId.endsWith(`@${shopHost}>`));
  const mentioned = (number) => mail.received.some((message) => message.to.includes(shopInbox) && message.subject.includes(String(number)));
  const unmailed = paidOrders.filter((number) => !mentioned(number));
  if (unmailed.length > 0) {
    const about = mail.received.filter((message) => unmailed.some((number) => message.subject.includes(String(number)) || message.text.includes(String(number))));
    log(
      `paid orders without the shop's notice: ${unmailed.join(', ')}; jobs left: ${JSON.stringify(leftJobs.rows)}; mail about them: ${JSON.stringify(about.map((m) => [m.to, m.subject]))}`,
    );
  }
  /** @param {{ step: string, status: string }[]} list */
  const described = (list) => [...new Set(list.map((failure) => `${failure.step} ${failure.status}`))].join(', ') || 'none';
  const comingBack = seen.failures.filter((failure) => failure.at >= killedAt + budgetMs && failure.at < rollingFrom);
  log(`failed calls: ${seen.failures.length} in all; while the killed host came back ${comingBack.length} (${described(comingBack)})`);

  // ---- the checks ----
  const paidAcknowledged = [...seen.orders.values()].filter((order) => order.paid).length;
  summary.push(`orders acknowledged ${seen.orders.size}, paid ${paidAcknowledged}; failed calls ${seen.failures.length}; e-mails received ${mail.received.length}`);
  check(lost.length === 0, `every acknowledged order is stored (${seen.orders.size} acknowledged, ${lost.length} missing)`);
  check(unpaid.length === 0, `every order acknowledged as paid is paid (${paidAcknowledged}, ${unpaid.length} not)`);
  const left = Number(stockRows[0]?.avail_quantity);
  const sold = Number(soldRows[0]?.sold);
  check(left + sold === stockGiven, `stock adds up: given ${stockGiven} = left ${left} + sold on paid orders ${sold}`);
  check(
    successesAfterKill.size === customers,
    `sessions begun on ${first.name} work after it died: ${successesAfterKill.size} of ${customers} customers paid orders through the others`,
  );
  const detectionMs = downAt - killedAt;
  check(
    detectionMs <= budgetMs,
    `the balancer stopped sending to the dead host after ${Math.round(detectionMs)} ms (budget ${checkIntervalMs} ms × ${checkFall} + ${detectionMarginMs} ms)`,
  );
  const failureWindow = lastFailure - killedAt;
  check(
    afterKill.length === 0 || failureWindow <= budgetMs,
    `calls failed by the kill: ${afterKill.length} (${[...new Set(afterKill.map((failure) => `${failure.step} ${failure.status}`))].join(', ') || 'none'}), the last ${Math.round(failureWindow)} ms after it`,
  );
  check(killCode === null, `${first.name} was killed by the signal`);
  check(
    exitCodes.every((code) => code === 0),
    `rolling restart: every host exited 0 on SIGTERM (${exitCodes.join(', ')})`,
  );
  check(
    rollingFailures.length === 0,
    `rolling restart under load failed no call (${rollingFailures.length}: ${rollingFailures.map((failure) => `${failure.step} ${failure.status}`).join(', ') || 'none'})`,
  );
  // A message the killed host had handed to the mail server in the instant before SIGKILL, before its job
  // was marked done, goes again when another host runs the job: delivery is at least once to the mail
  // server. Every attempt carries the job's one Message-ID, so the reader's mail program shows it once
  // (ADR 057). Two Message-IDs for one recipient and subject (an order's notice, say) are two messages to
  // the reader, whoever sent them: that fails, as does a message without the shop's own Message-ID.
  check(
    shownTwice.length === 0 && notTheShops.length === 0,
    `each e-mail reaches its reader once as a mail program shows it: ${copiesToReaders} copies received, ${asRead} messages as read, ` +
      `${copiesToReaders - asRead} SMTP repeat(s) collapsed by their Message-ID (the killed host held ${stillHeld} job(s)); ` +
      `${shownTwice.length} recipient+subject with two Message-IDs${shownTwice.length ? ` (${shownTwice.map(([key, ids]) => `${key}: ${[...ids].join(', ')}`).join('; ')})` : ''}, ` +
      `${notTheShops.length} without a Message-ID @${shopHost}${notTheShops.length ? ` (${notTheShops.map((message) => `${message.subject}: ${message.messageId || 'none'}`).join('; ')})` : ''}`,
  );
  check(
    unmailed.length === 0,
    `the shop was told of every paid order (${paidOrders.length}; ${unmailed.length} not), ${paidUnseen.size} of them paid while the customer saw the payment fail (in flight at the kill), ${stillHeld} job(s) of the killed host's run once their lock went stale`,
  );
}

/** @type {unknown} */
let crashed;
try {
  await run();
} catch (error) {
  crashed = error;
  failures.push(error instanceof Error ? error.message : String(error));
  console.error(error);
} finally {
  for (const step of undo.reverse()) {
    try {
      step();
    } catch {
      // Gone already.
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\ntest:hosts — 3 app hosts, PostgreSQL and HAProxy (${seconds} s)`);
for (const line of summary) console.log(`  ${line}`);
if (crashed) console.log(`  FAIL the run stopped: ${failures.at(-1) ?? ''}`);
const checks = summary.filter((line) => line.startsWith('ok') || line.startsWith('FAIL')).length;
// Not in the "N passed, N failed" form: the closing line of `npm test` before it stays the count of the tests.
console.log(failures.length === 0 ? `test:hosts: all ${checks} checks passed` : `test:hosts: ${failures.length} of ${checks + (crashed ? 1 : 0)} checks failed`);
process.exit(failures.length > 0 ? 1 : 0);
