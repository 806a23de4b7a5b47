import path from 'node:path';
import { z } from 'zod';
import { LIMITS, VALIDATION } from '../shared';
import type { DatabaseTarget } from './db/client';
import { DEFAULT_WEB_DIST_DIR } from './paths';

/** One trusted proxy: an IPv4/IPv6 address or CIDR range, checked here so a typo stops the start with its name. */
const proxyAddressSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
const isProxyAddress = (entry: string) => proxyAddressSchema.safeParse(entry).success;

/** `a@b.c` or `Name <a@b.c>`: what MAIL_FROM may hold (a header value, so no line breaks). */
const isMailbox = (value: string) => {
  const address = /^[^<>\r\n]*<([^<>\s]+)>$/.exec(value)?.[1] ?? value;
  return !/[\r\n]/.test(value) && z.email().safeParse(address).success;
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Environment variables the server reads. A bad value stops the start with a message naming it. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  /** Connections each app process keeps to PostgreSQL (all processes together must stay under the server's max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Redis shared by all app processes for rate-limit counters. Unset: each process counts in memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })
    .optional(),
  /** Prefix of every Redis key this deployment writes, so two stores (or staging) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, { error: 'must be 1-64 letters, digits, or : . _ -' })
    .default('toolhouse:'),
  /** How often a process tries to sweep expired unpaid orders (only one process at a time does). */
  ORDER_EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Requests per minute per client address on public write endpoints. */
  PUBLIC_WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * Catalogue and search reads a minute per client address that the store's memory could not answer
   * (each costs a query); answers from memory are free and never refused (decision 026).
   */
  CATALOGUE_READ_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /** A catalogue or search query on PostgreSQL is stopped after this many seconds and answered 503 (decision 026). */
  CATALOGUE_QUERY_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(600).default(2),
  /** Reviews one signed-in customer may post per hour. */
  REVIEW_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** When "1", the server stops when its standard input closes (tests use this so a server never outlives them). */
  EXIT_WITH_STDIN: z.enum(['0', '1']).default('0'),
  /**
   * Reverse proxies in front of the store: `0` (none: forwarded headers are ignored), the number of
   * proxy hops, or a comma-separated list of proxy addresses/CIDR ranges. The client address is the
   * first address in X-Forwarded-For, from the right, that is not a trusted proxy.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((value) => /^\d{1,2}$/.test(value) || value.split(',').every((entry) => isProxyAddress(entry.trim())), {
      error: 'must be 0, a number of proxy hops, or comma-separated proxy addresses or CIDR ranges',
    })
    .default('0'),
  /** Secret that signs sessions and access tokens (32+ characters). Unset: generated once and kept under DATA_DIR. */
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** The address people use to reach the store; OAuth redirects and allowed origins derive from it. */
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://shop.example.com' }).optional(),
  /** Extra origins (comma separated) allowed to call the identity endpoints, e.g. a dev server. */
  TRUSTED_ORIGINS: z.string().optional(),
  /** Lifetime of the API access token, in seconds. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  /** Created (or promoted) as an admin at start. */
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  /** Checked with the sign-up rules: these lengths here, and not one of the most common passwords at start (first-admin.ts). */
  ADMIN_PASSWORD: z
    .string()
    .min(LIMITS.passwordMin, { error: `must be at least ${LIMITS.passwordMin} characters (${VALIDATION.passwordTooShort})` })
    .max(LIMITS.passwordMax, { error: `must be at most ${LIMITS.passwordMax} characters` })
    .optional(),
  /**
   * `required`: an admin's calls are refused until the admin has turned on two-step sign-in (a code
   * from an authenticator app) and this session has shown a code; they can still sign in and turn
   * it on from the dashboard. `optional`: only admins who turned it on must show a code.
   */
  ADMIN_TWO_FACTOR: z.enum(['required', 'optional'], { error: 'must be required or optional' }).default('required'),
  /** How long an admin's session lasts from sign-in, in hours (a customer's: 7 days, renewed while in use). */
  ADMIN_SESSION_HOURS: z.coerce.number().min(0.25).max(7 * 24).default(12),
  /** Requests a minute one client address may make to /api/auth (sign-up, sign-in, ...). */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Sign-ups one client address may make an hour. */
  SIGN_UP_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Reads of /api/auth (the session check each page load makes) a minute per client address. */
  AUTH_READ_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** Failed sign-ins for one account (per 15 minutes) before further attempts get 429. */
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** How passwords are stored: `standard` always; `test` only for the test suites (decision 037). */
  PASSWORD_HASHING: z.enum(['standard', 'test'], { error: 'must be standard (test is for the test suite only)' }).default('standard'),
  /** Read only to keep PASSWORD_HASHING=test out of anything but a test run. */
  NODE_ENV: z.string().optional(),
  /** Card payments: `test` (built-in test-mode processor) or `stripe`. Default: stripe when its key is set. */
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^sk_(test|live)_/, { error: 'must start with sk_test_ or sk_live_' }).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_/, { error: 'must start with pk_test_ or pk_live_' }).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, { error: 'must start with whsec_' }).optional(),
  /** Only for tests: where the Stripe SDK sends its requests (a local stand-in server). */
  STRIPE_API_URL: z.url().optional(),
  /**
   * How long an unpaid order may be paid; then it expires. An unpaid order holds no stock (the
   * payment takes it), so this only keeps an old price from being paid long after (decision 019).
   */
  ORDER_PAY_MINUTES: z.coerce.number().int().min(1).max(30 * 24 * 60).default(24 * 60),
  /** Unpaid orders one customer may have at once (each one is a row and a mail). */
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).default(10),
  /**
   * Whether a new account must confirm its email address before it orders: `required`, or `off`
   * (sign-up signs the customer in at once). Unset: required when the store can send mail
   * (SMTP_URL), off when it cannot, since nobody could ever confirm.
   */
  EMAIL_VERIFICATION: z.enum(['required', 'off'], { error: 'must be required or off' }).optional(),
  /** A client must send a request's headers within this many seconds. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  /** ... and the whole request, body included (a 5 MB photo on a slow line fits), within this many. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  /** A connection with no traffic for this many seconds is closed. */
  IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  /** A kept-alive connection waits this long for its next request. */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(5),
  /**
   * Where the store sends its mail: smtp://user:pass@host:587 (STARTTLS when the server offers it)
   * or smtps://…:465. Unset: each message is written as an .eml file under DATA_DIR/outbox and
   * nothing is delivered.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+/, { error: 'must be a URL such as smtp://user:password@mail.example.com:587 or smtps://…:465' })
    .optional(),
  /** The sender of the store's mail, an address or `Name <address>`. */
  MAIL_FROM: z
    .string()
    .trim()
    .refine(isMailbox, { error: 'must be an email address or Name <address>, e.g. ToolHouse <no-reply@shop.example.com>' })
    .optional(),
  /** Folder of the built web app; defaults to dist/web beside the sources. */
  WEB_DIST_DIR: z.string().min(1).optional(),
});

/** Which card processor takes payments: PAYMENT_PROVIDER, else Stripe when its secret key is set. */
const paymentProviderOf = (e: z.output<typeof envSchema>) => e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'test');

/**
 * The configuration the app runs with: the environment, checked across settings, then shaped for
 * the code that reads it. Its type, `AppConfig`, is this schema's output, so a setting is declared
 * in `envSchema` and placed here, and there is no second description of it to keep in step
 * (decision 031).
 */
const configSchema = envSchema
  .superRefine((e, ctx) => {
    const refuse = (message: string) => ctx.addIssue({ code: 'custom', message, input: e });
    if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) refuse('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
    if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) refuse('HEADERS_TIMEOUT_SECONDS cannot be more than REQUEST_TIMEOUT_SECONDS');
    if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) refuse('ADMIN_EMAIL and ADMIN_PASSWORD go together');
    // The cheap hashing would store every new password ~70 times cheaper to guess from a stolen database.
    if (e.PASSWORD_HASHING === 'test' && e.NODE_ENV !== 'test') refuse('PASSWORD_HASHING=test is for the test suite only (NODE_ENV=test): a store keeps PASSWORD_HASHING=standard');
    const provider = paymentProviderOf(e);
    // A store served over https is a live store: the built-in test processor there would take test
    // cards as real payments and ship the orders. Only an operator who says so runs one on purpose.
    if (provider === 'test' && e.PAYMENT_PROVIDER === undefined && e.PUBLIC_URL?.startsWith('https://')) {
      refuse(
        'PUBLIC_URL is https:// (a live store) but no Stripe keys are set, so the built-in test processor would take test cards as real payments. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=test to run a test store on purpose',
      );
    }
    if (provider === 'stripe' && !(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET)) {
      refuse('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
    }
  })
  .transform((e) => {
    const dataDir = path.resolve(e.DATA_DIR);
    const publicUrl = new URL(e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT || 3000}`).origin;
    const localOrigins = [publicUrl, publicUrl.replace('127.0.0.1', 'localhost'), publicUrl.replace('localhost', '127.0.0.1')];
    const extraOrigins = (e.TRUSTED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
    const provider = paymentProviderOf(e);
    return {
      port: e.PORT,
      /** How long a client may take, in milliseconds: slow or silent clients must not hold sockets forever. */
      timeouts: {
        headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
        requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
        idleMs: e.IDLE_TIMEOUT_SECONDS * 1000,
        keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      },
      host: e.HOST,
      logLevel: e.LOG_LEVEL,
      dataDir,
      database: databaseOf(e.DATABASE_URL, e.DATABASE_POOL_SIZE, dataDir),
      /** The built web app's folder; null: the API alone (tests). */
      webDistDir: path.resolve(e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR) as string | null,
      publicWriteRateLimit: e.PUBLIC_WRITE_RATE_LIMIT,
      exitWithStdin: e.EXIT_WITH_STDIN === '1',
      /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses. Never `true` (that believes any client). */
      trustProxy: parseTrustProxy(e.TRUST_PROXY),
      reviewRateLimitPerHour: e.REVIEW_RATE_LIMIT,
      /** What one client may cost the catalogue (decision 026). */
      catalogue: {
        /** Uncached catalogue and search reads a minute per client address (CATALOGUE_READ_RATE_LIMIT). */
        uncachedReadsPerMinute: e.CATALOGUE_READ_RATE_LIMIT,
        /** PostgreSQL's statement_timeout for catalogue and search queries (CATALOGUE_QUERY_TIMEOUT_SECONDS). */
        queryTimeoutMs: Math.round(e.CATALOGUE_QUERY_TIMEOUT_SECONDS * 1000),
      },
      auth: {
        /** null: resolved at start (generated and kept under DATA_DIR). */
        secret: e.AUTH_SECRET ?? null,
        publicUrl,
        trustedOrigins: [...new Set([...localOrigins, ...extraOrigins])],
        accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
        google:
          e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
            ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
            : null,
        admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : null,
        /** Whether every admin must use two-step sign-in (ADMIN_TWO_FACTOR). */
        adminTwoFactor: e.ADMIN_TWO_FACTOR,
        /** An admin's session ends this long after sign-in, whatever its cookie says (ADMIN_SESSION_HOURS). */
        adminSessionSeconds: Math.round(e.ADMIN_SESSION_HOURS * 3600),
        /** Create a first admin with a random password when the embedded store has none. */
        createDefaultAdmin: !e.DATABASE_URL,
        rateLimitPerMinute: e.AUTH_RATE_LIMIT,
        readRateLimitPerMinute: e.AUTH_READ_RATE_LIMIT,
        signUpsPerHour: e.SIGN_UP_RATE_LIMIT,
        signInMaxFailures: e.SIGN_IN_MAX_FAILURES,
        /** How passwords are stored (PASSWORD_HASHING): `standard` in every running store. */
        passwordHashing: e.PASSWORD_HASHING,
        /**
         * Whether an address must be confirmed before ordering, and why (the start banner says):
         * `setting`: EMAIL_VERIFICATION chose it; `smtp`: SMTP_URL is set; `no-smtp`: the store cannot send mail.
         */
        emailVerification: e.EMAIL_VERIFICATION
          ? { mode: e.EMAIL_VERIFICATION, reason: 'setting' as const }
          : e.SMTP_URL
            ? { mode: 'required' as const, reason: 'smtp' as const }
            : { mode: 'off' as const, reason: 'no-smtp' as const },
      },
      payments:
        provider === 'stripe'
          ? {
              provider,
              secretKey: e.STRIPE_SECRET_KEY!,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
              apiUrl: e.STRIPE_API_URL ?? null,
            }
          : { provider },
      /** How long an unpaid order may be paid (it holds no stock meanwhile). */
      orderPayMinutes: e.ORDER_PAY_MINUTES,
      maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
      /** Shared rate-limit counters; null: in this process's memory. */
      redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
      orderExpirySweepMs: e.ORDER_EXPIRY_SWEEP_SECONDS * 1000,
      mail: {
        /** null: no SMTP server; messages go to `outboxDir` as .eml files (or stay queued when that is null too). */
        smtpUrl: e.SMTP_URL ?? null,
        /** The From header, e.g. `ToolHouse <no-reply@shop.example.com>`. */
        from: e.MAIL_FROM ?? `ToolHouse <no-reply@${mailDomain(publicUrl)}>`,
        /** DATA_DIR/outbox when started for real; null in tests that read no mail, so rows just stay queued. */
        outboxDir: path.join(dataDir, 'outbox') as string | null,
      },
    };
  });

/** What the app runs with: the output of the schema above, never described a second time. */
export type AppConfig = z.output<typeof configSchema>;
export type DatabaseConfig = AppConfig['database'];
export type AuthConfig = AppConfig['auth'];
export type EmailVerificationSetting = AuthConfig['emailVerification'];
export type PaymentsConfig = AppConfig['payments'];
export type MailConfig = AppConfig['mail'];

/** Settings earlier versions read and this one does not (decision 019): named at start so nobody tunes them in vain. */
const RETIRED_SETTINGS: Record<string, string> = {
  ORDER_HOLD_MINUTES: 'unpaid orders hold no stock now; ORDER_PAY_MINUTES says how long one may be paid',
  MAX_UNPAID_SHARE_PERCENT: 'unpaid orders hold no stock now, so there is no share to cap',
  MAX_NEW_CUSTOMER_HOLD_PERCENT: 'unpaid orders hold no stock now, so there is no share to cap',
};

/** The retired settings `env` still sets, each with why it no longer does anything. */
export function retiredSettingsIn(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(RETIRED_SETTINGS)
    .filter(([name]) => env[name] !== undefined)
    .map(([name, why]) => `${name} is no longer used: ${why} (docs/decisions/019)`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.length > 0 ? `${i.path.join('.')}: ` : ''}${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  return parsed.data;
}

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR/pglite. Typed as what
 * the database client opens, which also takes an in-memory embedded database (tests, benchmarks).
 */
function databaseOf(url: string | undefined, poolSize: number, dataDir: string): DatabaseTarget {
  return url ? { kind: 'postgres', url, poolSize } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
}

/** The store's own domain for its default sender; `localhost` when the store is reached by IP address. */
function mailDomain(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return /^[\d.]+$|^\[/.test(host) ? 'localhost' : host;
}

/** `0` → no proxy; a number → that many hops; otherwise the proxies' addresses. */
function parseTrustProxy(value: string): false | number | string[] {
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((address) => address.trim()).filter(Boolean);
}
