// `npm run bench`: the HTTP benchmark of issue 10. Starts the production server (dist/, as
// `npm start` runs it) on the embedded database, and on PostgreSQL when BENCH_DATABASE_URL is set;
// starts a bare Fastify server answering the same bytes (the ceiling); runs autocannon against
// both, back to back, in one run; and prints req/s, p50, p99, the store's memory and the ratio to
// the ceiling. Then sells (places, and pays for with the test card) orders from many signed-in
// customers, after a few seconds of the same sales unmeasured, and checks that none oversold.
//
// A benchmark, not a test: it exits 1 only when an answer's ratio falls below its target of issue
// 26 (RATIO_TARGETS: 0.7 for a catalogue or review read, 0.5 for a 404), or a sale misses a target of issue 26 (SALES_TARGETS: a request refused,
// the stock not adding up, PostgreSQL's p99 per request, the embedded store's sales/s and peak
// memory). On a shared 2-core machine figures move with other work, so it prints the host's
// speed beside them, taken in the same run: the load
// average, a fixed single-thread JavaScript workload, and a bare Fastify server's req/s on a tiny
// answer (the sales are also given as a share of that ceiling, measured right before each).
// The machine's speed drifts by ±15% within a minute here (another tenant's work), so each read is
// measured in BENCH_ROUNDS alternating rounds (store, ceiling, store, ceiling, ...) and each side
// counts its best round: a drift then touches both sides alike rather than one of them.
//
//   npm run bench
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
//   BENCH_SECONDS=4 npm run bench          # shorter runs
//   BENCH_ONLY=orders npm run bench        # only the reads, or only the orders
//   BENCH_PROFILE_DIR=/tmp/prof npm run bench   # the store writes a V8 CPU profile there (--cpu-prof)
//   BENCH_POOL_SIZE=10 npm run bench       # the store's PostgreSQL pool (default: twice the cores)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { freePort } from './lib/free-port.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** Each sales run is preceded by this long of the same sales, unmeasured (the store's first seconds on them). */
const WARM_UP_SECONDS = 3;
// Three since the eleventh round: with two, a read whose two rounds both met a slow phase of the
// host fell to 0.63 of the ceiling in a run where the same answers' other rounds ran at 0.9–1.0.
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = 50;
/**
 * Every answer must reach this share of the ceiling, or the run fails (issue 26, item 3): a
 * catalogue or review read 0.7 (issue 10's target too), each of the two 404s 0.5. Until the
 * eleventh round the reads failed under 0.5 only, and 0.7 was noted.
 */
const RATIO_TARGETS = { read: 0.7, notFound: 0.5 };
const ratioTargetOf = (r) => (r.read ? RATIO_TARGETS.read : RATIO_TARGETS.notFound);
const CUSTOMERS = 200;
/**
 * Issue 26's targets for the sales (200 customers, one unit each). p99 is per request (the order,
 * its payment intent, the card's confirmation), each on its own; the embedded store's peak is the
 * most its process held in the run (VmHWM), its start included.
 */
const SALES_TARGETS = { postgresP99Ms: 500, embeddedSalesPerSec: 50, embeddedPeakRssMb: 400 };
/** The ceilings on a tiny answer run this long, at most: they set the host's speed, not a figure of the store. */
const CEILING_SECONDS = Math.min(SECONDS, 4);
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Pw-2026' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');

/** A child process we started; stopped by closing its stdin (EXIT_WITH_STDIN), then by its pid. */
async function startChild(args, env, ready) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk) => (output += chunk);
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const match = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start in 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', () => {
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
  // A child that dies mid-run says why, rather than leaving the next request's "fetch failed".
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`${args.join(' ')} exited with ${code ?? signal} during the run:\n${output.slice(-4000)}`);
  });
  return {
    pid: child.pid,
    match,
    output: () => output,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resident memory of a process, from /proc (Linux), in MB: now (VmRSS), or the most it has held (VmHWM). */
function rssMb(pid, field = 'VmRSS') {
  try {
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : '?';
  } catch {
    return '?';
  }
}

/** The most a process held resident while `work` ran, sampled every 100 ms (VmHWM counts since its start). */
async function peakRssDuring(pid, work) {
  let peak = 0;
  const sample = () => {
    const mb = rssMb(pid);
    if (typeof mb === 'number' && mb > peak) peak = mb;
  };
  const timer = setInterval(sample, 100);
  try {
    sample();
    return { result: await work(), peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The host's speed, as a number to compare hours and machines by: rounds per second of a fixed
 * single-thread JavaScript workload (sort 200 rows, then a JSON round trip of them), over 1 s.
 */
function jsScore() {
  const round = () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `tool ${i}`, price: ((i * 7919) % 1000) / 10 }));
    rows.sort((a, b) => a.price - b.price || a.id - b.id);
    return JSON.parse(JSON.stringify(rows)).length;
  };
  for (let i = 0; i < 200; i += 1) round();
  let rounds = 0;
  const start = performance.now();
  while (performance.now() - start < 1000) {
    round();
    rounds += 1;
  }
  return rounds / ((performance.now() - start) / 1000);
}

/**
 * A bare Fastify server (scripts/bench/bare-server.mjs) answering `{"ok":true}` to GET and POST
 * /tiny: the ceiling of this host for a request that does nothing, as it runs now.
 */
async function startTinyCeiling() {
  const answersFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-tiny-')), 'answers.json');
  const answer = { path: '/tiny', status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, bodyBase64: Buffer.from('{"ok":true}').toString('base64') };
  writeFileSync(answersFile, JSON.stringify([{ method: 'GET', ...answer }, { method: 'POST', ...answer }]));
  const bare = await startChild([path.join(ROOT, 'scripts/bench/bare-server.mjs'), answersFile], process.env, /listening (\d+)/);
  const url = `http://127.0.0.1:${bare.match[1]}/tiny`;
  return {
    /** req/s of GET /tiny, or of POST /tiny with a small JSON body as the sales send. */
    async reqPerSec(method = 'GET') {
      const body = method === 'POST' ? { body: JSON.stringify({ orderId: 'x'.repeat(24) }), headers: { 'content-type': 'application/json' } } : {};
      const run = await cannon({ url, method, duration: CEILING_SECONDS, ...body });
      return run.requests.average;
    },
    async stop() {
      await bare.stop();
      rmSync(path.dirname(answersFile), { recursive: true, force: true });
    },
  };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function startStore(database) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    // Sign-in accepts requests from this origin only.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    EXIT_WITH_STDIN: '1',
    LOG_LEVEL: 'warn',
    PAYMENT_PROVIDER: 'test',
    AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789abcdef',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The benchmark's admin signs in with a password only.
    ADMIN_TWO_FACTOR: 'optional',
    // The orders benchmark signs up many customers from one address and orders a lot per customer.
    AUTH_RATE_LIMIT: '100000',
    SIGN_UP_RATE_LIMIT: '100000',
    MAX_UNPAID_ORDERS: '100000',
    // Each card payment comes from an address of its own (X-Forwarded-For, one proxy hop): the
    // confirm call is limited per client address, as it should be for real clients.
    TRUST_PROXY: '1',
    // Addresses need no confirmation here: the benchmark's customers confirm theirs anyway.
    EMAIL_VERIFICATION: 'required',
  };
  delete env.REDIS_URL;
  // Without SMTP_URL the store writes its mail to DATA_DIR/outbox: the customers' verification links are read there.
  delete env.SMTP_URL;
  env.DATA_DIR = database.dataDir;
  if (database.kind === 'pglite') {
    delete env.DATABASE_URL;
  } else {
    env.DATABASE_URL = database.url;
    // Sized as docs/DEPLOY.md says: twice the database server's cores, here this machine's, which
    // the store, PostgreSQL and the load share (BENCH_POOL_SIZE to compare others).
    env.DATABASE_POOL_SIZE = process.env.BENCH_POOL_SIZE ?? String(databasePoolSize());
  }
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const server = await startChild([...profile, '--enable-source-maps', 'dist/server/main.js'], env, /store is running at (http:\/\/[\d.:]+)/);
  return { ...server, origin: server.match[1], outboxDir: path.join(database.dataDir, 'outbox') };
}

/**
 * Connections the store keeps to PostgreSQL in the benchmark: twice the cores of the machine the
 * database runs on (docs/DEPLOY.md). More let more transactions interleave on the store's one
 * thread, each holding its rows' locks longer, and the sales get slower (decision 044).
 */
const databasePoolSize = () => 2 * os.availableParallelism();

async function signIn(origin, email, password) {
  const headers = { origin, 'content-type': 'application/json' };
  const res = await fetch(`${origin}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return accessTokenFor(origin, email, res);
}

/** The access token of the session `res` (a sign-in, or a verification link's first use) started. */
async function accessTokenFor(origin, email, res) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))?.split(';')[0];
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', cookie },
    body: JSON.stringify({ email }),
  });
  if (login.status !== 200) throw new Error(`/api/login answered ${login.status}`);
  return (await login.json()).accessToken;
}

/**
 * A new customer who can order: signs up, follows the verification link the store mailed
 * (written to its outbox folder here), which confirms the address, and signs in.
 */
async function signUpVerified(store, email, password, name) {
  const headers = { origin: store.origin, 'content-type': 'application/json' };
  const res = await fetch(`${store.origin}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ email, password, name }) });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const token = await verificationTokenFor(store.outboxDir, email);
  const verified = await fetch(`${store.origin}/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  if (verified.status !== 200) throw new Error(`verify-email answered ${verified.status}: ${await verified.text()}`);
  // The link confirms the address and no longer signs in (decision 024): the customer signs in.
  return signIn(store.origin, email, password);
}

/**
 * Mail already read, per outbox folder (one per database run): file name → { to, text }. Kept
 * apart because both runs sign up the same customer addresses, and a link from the other run's
 * store names a user this one does not have.
 */
const outboxesRead = new Map();

/** The token of the verification link mailed to `email`, waiting for the mail to be written. */
async function verificationTokenFor(outboxDir, email) {
  if (!outboxesRead.has(outboxDir)) outboxesRead.set(outboxDir, new Map());
  const outboxRead = outboxesRead.get(outboxDir);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const names = await readdir(outboxDir).catch(() => []);
    for (const name of names.filter((n) => n.endsWith('.eml') && !outboxRead.has(n))) {
      const mail = await simpleParser(await readFile(path.join(outboxDir, name)));
      outboxRead.set(name, { to: mail.to?.value?.[0]?.address?.toLowerCase(), text: mail.text ?? '' });
    }
    for (const { to, text } of outboxRead.values()) {
      const token = to === email ? /\/verifyEmail#token=(\S+)/.exec(text)?.[1] : undefined;
      if (token) return decodeURIComponent(token);
    }
    if (Date.now() > deadline) throw new Error(`no verification mail for ${email} in ${outboxDir}`);
    await sleep(50);
  }
}

const PER_CONNECTION_HEADERS = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The answers to benchmark, as the store gives them; the ceiling serves the same bytes, headers included. */
async function captureAnswers(origin) {
  const items = await (await fetch(`${origin}/api/items?limit=6`)).json();
  const cases = [
    { label: 'GET /api/items?limit=6', path: '/api/items?limit=6', read: true },
    { label: 'GET /api/items/:id', path: `/api/items/${items[0]._id}`, read: true },
    // A tool's page: its HTML as the server renders it (decision 040), served from memory.
    { label: 'GET /tools/:slug (HTML)', path: `/tools/${items[0].slug}`, read: true },
    { label: 'GET /api/categories', path: '/api/categories', read: true },
    { label: 'GET /api/review?limit=10', path: '/api/review?limit=10', read: true },
    { label: 'unknown /api/nope (404)', path: '/api/nope', read: false },
    // An address that is no page of the app: the storefront's "Page not found" HTML, with 404.
    { label: 'unknown page /no-such-page (404)', path: '/no-such-page', read: false },
  ];
  for (const c of cases) {
    const res = await fetch(`${origin}${c.path}`, { headers: { 'accept-encoding': 'identity' } });
    c.status = res.status;
    c.contentType = res.headers.get('content-type');
    // Every header the store sent, but those Node writes for any server (length, date, connection).
    c.headers = Object.fromEntries([...res.headers].filter(([name]) => !PER_CONNECTION_HEADERS.has(name)));
    c.bodyBase64 = Buffer.from(await res.arrayBuffer()).toString('base64');
  }
  return cases;
}

async function benchReads(store, cases, rows) {
  const answersFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-bare-')), 'answers.json');
  writeFileSync(
    answersFile,
    JSON.stringify(
      cases.map((c) => ({ method: 'GET', path: c.path.split('?')[0], status: c.status, headers: c.headers, bodyBase64: c.bodyBase64 })),
    ),
  );
  const bare = await startChild([path.join(ROOT, 'scripts/bench/bare-server.mjs'), answersFile], process.env, /listening (\d+)/);
  const bareOrigin = `http://127.0.0.1:${bare.match[1]}`;
  try {
    const best = (a, b) => (a === null || b.requests.average > a.requests.average ? b : a);
    for (const c of cases) {
      let ours = null;
      let ceiling = null;
      let errors = 0;
      let unexpected = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const run = await cannon({ url: `${store.origin}${c.path}` });
        errors += run.errors + run.timeouts;
        unexpected += run.non2xx - (c.status === 404 ? run.requests.total : 0);
        ours = best(ours, run);
        ceiling = best(ceiling, await cannon({ url: `${bareOrigin}${c.path}` }));
      }
      const storeRss = rssMb(store.pid);
      rows.push({
        request: c.label,
        database: store.database,
        reqPerSec: ours.requests.average,
        p50: ours.latency.p50,
        p99: ours.latency.p99,
        rssMb: storeRss,
        bareReqPerSec: ceiling.requests.average,
        bareP99: ceiling.latency.p99,
        ratio: ours.requests.average / ceiling.requests.average,
        read: c.read,
        errors: errors + Math.max(0, unexpected),
      });
    }
  } finally {
    await bare.stop();
    rmSync(path.dirname(answersFile), { recursive: true, force: true });
  }
}

/**
 * Sales from CUSTOMERS signed-in customers, one unit each, spread over `toolCount` tools: each
 * connection places an order (POST /api/order), asks for its payment and pays with the test card,
 * over and over; the payment takes the stock (decision 019), so every payment for one tool waits
 * for that tool's row lock, and one hot tool is its own, serial, case. Checks that the stock adds
 * up: every unit that left a tool is in one paid order, and every acknowledged payment was kept.
 */
async function benchOrders(store, toolCount, ceiling) {
  const adminToken = await signIn(store.origin, ADMIN.email, ADMIN.password);
  // The most stock one tool may hold (LIMITS in src/shared); far more than a run sells.
  const stock = 1_000_000;
  const toolIds = [];
  for (let i = 0; i < toolCount; i += 1) {
    const created = await fetch(`${store.origin}/api/items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Bench Bolt ${toolCount}-${i} ${Date.now()}`,
        price: 1.25,
        image: '/images/tools/digital-multimeter.svg',
        description: 'A tool with stock enough for a benchmark of many orders.',
        minQty: 1,
        availableQty: stock,
      }),
    });
    if (created.status !== 201) throw new Error(`creating a benchmark tool answered ${created.status}: ${await created.text()}`);
    toolIds.push((await created.json()).insertedId);
  }

  const tokens = [];
  for (let i = 0; i < CUSTOMERS; i += 1) {
    tokens.push(await signUpVerified(store, `bench-${process.pid}-${toolCount}-${i}@example.com`, `Bench-Pw-${i}-x7`, `Bench Buyer ${i}`));
  }
  const paidOrders = async () => {
    const res = await fetch(`${store.origin}/api/orders?limit=1&state=pending`, { headers: { authorization: `Bearer ${adminToken}` } });
    return Number(res.headers.get('x-total-count'));
  };
  let next = 0;
  let paid = 0;
  let measuring = false;
  // Each request's own latency: autocannon's `response` event gives a response's time but not its
  // request; onResponse, which autocannon calls just before that event for the same response, in
  // the same synchronous step, says which request it answered.
  const latencies = { order: [], intent: [], confirm: [] };
  let answered = null;
  const json = { 'content-type': 'application/json' };
  const sales = (duration) => ({
    url: store.origin,
    duration,
    setupClient: (client) => client.on('response', (_status, _bytes, responseTime) => measuring && latencies[answered]?.push(responseTime)),
    requests: [
      {
        method: 'POST',
        path: '/api/order',
        setupRequest: (request, context) => {
          const n = next++;
          context.token = tokens[n % tokens.length];
          context.client = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          return {
            ...request,
            headers: { ...json, authorization: `Bearer ${context.token}` },
            body: JSON.stringify({ toolId: toolIds[n % toolIds.length], quantity: 1, address: '1 Bench Street', phone: '555-0100' }),
          };
        },
        onResponse: (status, body, context) => {
          answered = 'order';
          context.orderId = status === 201 ? JSON.parse(body).insertedId : null;
        },
      },
      {
        method: 'POST',
        path: '/api/create-payment-intent',
        setupRequest: (request, context) => ({
          ...request,
          headers: { ...json, authorization: `Bearer ${context.token}` },
          body: JSON.stringify({ orderId: context.orderId ?? 'none' }),
        }),
        onResponse: (status, body, context) => {
          answered = 'intent';
          context.clientSecret = status === 200 ? JSON.parse(body).clientSecret : 'none';
        },
      },
      {
        method: 'POST',
        path: '/api/test-payments/confirm',
        setupRequest: (request, context) => ({
          ...request,
          headers: { ...json, 'x-forwarded-for': context.client },
          body: JSON.stringify({ clientSecret: context.clientSecret, card: { number: '4242424242424242', expiry: '12/40', cvc: '123' } }),
        }),
        onResponse: (status) => {
          answered = 'confirm';
          if (status === 200 && measuring) paid += 1;
        },
      },
    ],
  });
  const unitsLeft = async () => {
    let units = 0;
    for (const id of toolIds) units += (await (await fetch(`${store.origin}/api/items/${id}`)).json()).availableQty;
    return units;
  };
  // The same sales, unmeasured, first: the figures are the store's steady state, not its first
  // seconds on the sales' code (JIT, PostgreSQL's plans); a store sells for days after it starts.
  // Whatever it refuses still fails the run.
  const warmUp = await cannon(sales(WARM_UP_SECONDS));
  // Sales still in flight when a run ends finish after it: wait for them before counting.
  await sleep(3000);
  const paidBefore = await paidOrders();
  const unitsBefore = await unitsLeft();
  const rssBeforeSales = rssMb(store.pid);
  // The ceiling on a tiny POST right before the sales, so that sales/s ÷ ceiling compares hours and machines.
  const ceilingReqPerSec = await ceiling.reqPerSec('POST');
  measuring = true;
  const { result, peakMb } = await peakRssDuring(store.pid, () => cannon(sales(SECONDS)));
  measuring = false;
  // Then compare what left the stock with the paid orders the store holds.
  await sleep(3000);
  const sold = unitsBefore - (await unitsLeft());
  const paidHeld = (await paidOrders()) - paidBefore;
  const seconds = result.duration;
  const salesPerSec = paid / seconds;
  return {
    database: store.database,
    embedded: store.embedded,
    tools: toolCount,
    salesPerSec,
    ceilingReqPerSec,
    ofCeiling: salesPerSec / ceilingReqPerSec,
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p99ByRequest: Object.fromEntries(Object.entries(latencies).map(([kind, times]) => [kind, percentile(times, 99)])),
    paid,
    refused: result.non2xx + warmUp.non2xx,
    errors: result.errors + result.timeouts + warmUp.errors + warmUp.timeouts,
    // Every unit that left the stock is in exactly one paid order, and every acknowledged payment was kept.
    stockAddsUp: sold === paidHeld && paidHeld >= paid,
    memory: { beforeSalesMb: rssBeforeSales, salesPeakMb: peakMb, afterMb: rssMb(store.pid), peakMb: rssMb(store.pid, 'VmHWM') },
  };
}

/** The p-th percentile of `values` (nearest rank), rounded to the millisecond; null when there are none. */
function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
}

async function withDatabase(kind, work) {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-store-'));
    try {
      return await work({ kind, dataDir, label: 'embedded' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const base = process.env.BENCH_DATABASE_URL;
  const name = `store_bench_http_${process.pid}`;
  // The store's mail folder (DATA_DIR/outbox): the database is PostgreSQL, the mail still goes to files.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-store-'));
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    return await work({ kind, url: url.toString(), dataDir, label: 'PostgreSQL' });
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n, digits = 0) => (typeof n === 'number' ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : n);

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    const build = spawn(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: ROOT, stdio: 'inherit' });
    const code = await new Promise((resolve) => build.once('exit', resolve));
    if (code !== 0) process.exit(code ?? 1);
  }
  const cpus = os.cpus();
  console.log(`HTTP benchmark: ${CONNECTIONS} connections, ${SECONDS} s a run, ${cpus.length} cores (${cpus[0]?.model ?? 'unknown'}), Node ${process.version}`);
  const host = { loadBefore: loadAverage(), jsScoreBefore: jsScore() };
  const ceiling = await startTinyCeiling();
  host.tinyReqPerSec = await ceiling.reqPerSec('GET');
  console.log(`load average before: ${host.loadBefore}`);

  const kinds = [...(process.env.BENCH_SKIP_EMBEDDED ? [] : ['pglite']), ...(process.env.BENCH_DATABASE_URL ? ['postgres'] : [])];
  const reads = [];
  const orders = [];
  const memory = [];
  try {
    for (const kind of kinds) {
      await withDatabase(kind, async (database) => {
        const store = await startStore(database);
        store.database = database.label;
        store.embedded = kind === 'pglite';
        try {
          await sleep(500);
          const mem = { database: database.label, embedded: store.embedded, startMb: rssMb(store.pid), afterReadsMb: null, salesPeakMb: null, afterSalesMb: null };
          const only = process.env.BENCH_ONLY;
          if (only !== 'orders') {
            await benchReads(store, await captureAnswers(store.origin), reads);
            mem.afterReadsMb = rssMb(store.pid);
          }
          if (only !== 'reads') {
            orders.push(await benchOrders(store, 20, ceiling));
            if (!process.env.BENCH_SKIP_HOT_TOOL) orders.push(await benchOrders(store, 1, ceiling));
            const sales = orders.filter((o) => o.database === database.label).map((o) => o.memory);
            mem.salesPeakMb = Math.max(...sales.map((m) => m.salesPeakMb));
            mem.afterSalesMb = sales.at(-1).afterMb;
          }
          mem.peakMb = rssMb(store.pid, 'VmHWM');
          memory.push(mem);
        } finally {
          await store.stop();
        }
      });
    }
    host.tinyReqPerSecAfter = await ceiling.reqPerSec('GET');
  } finally {
    await ceiling.stop();
  }
  host.jsScoreAfter = jsScore();
  host.loadAfter = loadAverage();

  console.log(`\nReads: the store vs a bare Fastify server answering the same bytes (the ceiling), each the best of ${ROUNDS} alternating rounds of ${SECONDS} s\n`);
  console.log('| request | database | store req/s | p50 ms | p99 ms | store RSS MB | ceiling req/s | ceiling p99 ms | store ÷ ceiling |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of reads) {
    console.log(
      `| ${r.request} | ${r.database} | ${fmt(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${r.rssMb} | ${fmt(r.bareReqPerSec)} | ${r.bareP99} | ${fmt(r.ratio, 2)} |`,
    );
  }
  console.log('\nSales: order, payment intent and test-card payment, one unit each, from many signed-in customers;');
  console.log(`the ceiling is the bare server's req/s on a tiny POST, ${CEILING_SECONDS} s right before each run; p99 per request in ms\n`);
  console.log('| database | tools | customers | sales/s | ceiling req/s | sales/s ÷ ceiling | order p99 | intent p99 | confirm p99 | all p50 | all p99 | paid | refused | stock adds up |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const o of orders) {
    const { order, intent, confirm } = o.p99ByRequest;
    console.log(
      `| ${o.database} | ${o.tools} | ${CUSTOMERS} | ${fmt(o.salesPerSec)} | ${fmt(o.ceilingReqPerSec)} | ${o.ofCeiling.toPrecision(2)} | ${fmt(order ?? '–')} | ${fmt(intent ?? '–')} | ${fmt(confirm ?? '–')} | ${fmt(o.p50)} | ${fmt(o.p99)} | ${fmt(o.paid)} | ${o.refused} | ${o.stockAddsUp ? 'yes' : 'NO'} |`,
    );
  }
  console.log("\nThe store's resident memory, MB (the embedded database's worker thread is in the same process)\n");
  console.log('| database | at start | after reads | most during sales (sampled) | after sales | peak of the run (VmHWM) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const m of memory) {
    console.log(`| ${m.database} | ${m.startMb} | ${m.afterReadsMb ?? '–'} | ${m.salesPeakMb ?? '–'} | ${m.afterSalesMb ?? '–'} | ${m.peakMb} |`);
  }
  console.log('\nHost speed, before → after the run (compare figures across hours and machines by these)\n');
  console.log(`- load average (1, 5, 15 min): ${host.loadBefore} → ${host.loadAfter}`);
  console.log(`- JavaScript, one thread (sort and JSON of 200 rows): ${fmt(host.jsScoreBefore)} → ${fmt(host.jsScoreAfter)} rounds/s`);
  console.log(`- bare Fastify, tiny GET, ${CONNECTIONS} connections, ${CEILING_SECONDS} s: ${fmt(host.tinyReqPerSec)} → ${fmt(host.tinyReqPerSecAfter)} req/s`);

  const problems = [
    ...reads
      .filter((r) => r.ratio < ratioTargetOf(r))
      .map((r) => `${r.request} on ${r.database}: ${fmt(r.ratio, 2)} of the ceiling, under the target of ${ratioTargetOf(r)}`),
    ...reads.filter((r) => r.errors > 0).map((r) => `${r.request} on ${r.database}: ${r.errors} errors or unexpected statuses`),
    ...salesProblems(orders, memory),
  ];
  if (problems.length > 0) {
    console.error(`\nFAILED:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  if (orders.length > 0) console.log('\nSales: every target met.');
}

/** The sales against issue 26's targets (SALES_TARGETS), one line per miss. */
function salesProblems(orders, memory) {
  const problems = [];
  for (const o of orders) {
    const run = `sales on ${o.database}, ${o.tools} tool${o.tools === 1 ? '' : 's'}`;
    if (!o.stockAddsUp) problems.push(`${run}: the stock does not add up (oversold or lost)`);
    if (o.refused > 0 || o.errors > 0) problems.push(`${run}: ${o.refused} requests refused (non-2xx), ${o.errors} errors or timeouts`);
    if (o.embedded && o.salesPerSec < SALES_TARGETS.embeddedSalesPerSec) {
      problems.push(`${run}: ${fmt(o.salesPerSec, 1)} sales/s, under the target of ${SALES_TARGETS.embeddedSalesPerSec}`);
    }
    if (!o.embedded) {
      for (const [kind, p99] of Object.entries(o.p99ByRequest)) {
        if (p99 === null || p99 >= SALES_TARGETS.postgresP99Ms) problems.push(`${run}: ${kind} p99 ${fmt(p99)} ms, not under ${SALES_TARGETS.postgresP99Ms} ms`);
      }
    }
  }
  for (const m of memory.filter((m) => m.embedded && m.salesPeakMb !== null)) {
    if (!(m.peakMb < SALES_TARGETS.embeddedPeakRssMb)) problems.push(`memory on ${m.database}: peak ${m.peakMb} MB resident, not under ${SALES_TARGETS.embeddedPeakRssMb} MB`);
  }
  return problems;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
