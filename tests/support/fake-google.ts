import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenID Connect provider (oidc-provider) that plays Google in tests: the store's
 * genericOAuth "google" provider discovers it at `${issuer}/.well-known/openid-configuration`.
 *
 * Signing in goes through oidc-provider's built-in development login page, which accepts any
 * login and password; consent is granted automatically, so only the login page shows.
 * - `jane.doe@example.com`        → sub = the login, email = the login, verified, name "Jane Doe"
 * - `jane`                        → email `jane@example.com`, verified, name "Jane"
 * - `unverified:jane@example.com` → email `jane@example.com`, email_verified false
 * - `unverified-bob`              → email `unverified-bob@example.com`, email_verified false
 * The subject (`sub`) is always the login string itself.
 */
export interface FakeGoogle {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export const FAKE_GOOGLE_CLIENT_ID = 'toolhouse-test';

/** The claims the fake provider asserts for a login typed on its sign-in page. */
export function fakeGoogleClaims(login: string) {
  const unverifiedPrefix = 'unverified:';
  const email = login.startsWith(unverifiedPrefix)
    ? login.slice(unverifiedPrefix.length)
    : login.includes('@')
      ? login
      : `${login}@example.com`;
  const localPart = email.split('@')[0] ?? email;
  const name = localPart
    .split(/[._\-+]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return { sub: login, email, email_verified: !login.startsWith('unverified'), name };
}

// oidc-provider ships no types; these are the few parts used here.
interface OidcContext {
  oidc: {
    account?: { accountId: string };
    client?: { clientId: string };
    result?: { consent?: { grantId?: string } };
    session: { grantIdFor(clientId: string): string | undefined };
    provider: OidcProvider;
  };
}
interface OidcGrant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface OidcProvider {
  silent: boolean;
  use(middleware: (ctx: { body: unknown }, next: () => Promise<void>) => Promise<void>): void;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  on(event: string, listener: (...args: unknown[]) => void): void;
  Grant: {
    new (init: { accountId: string; clientId: string }): OidcGrant;
    find(id: string): Promise<OidcGrant | undefined>;
  };
}
type OidcProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;

/** oidc-provider announces itself (runtime version, dev-only features) on console.warn/info; keep tests quiet. */
async function quietly<T>(fn: () => T | Promise<T>): Promise<T> {
  const { warn, info } = console;
  const filter =
    (original: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('oidc-provider ')) return;
      original(...args);
    };
  console.warn = filter(warn);
  console.info = filter(info);
  try {
    return await fn();
  } finally {
    console.warn = warn;
    console.info = info;
  }
}

async function loadProvider(): Promise<OidcProviderConstructor> {
  // A non-literal specifier: the package has no type declarations.
  const specifier = 'oidc-provider';
  const module = (await quietly(() => import(specifier))) as { default: OidcProviderConstructor };
  return module.default;
}

/** An in-memory store for the provider's sessions, interactions, codes and grants; no timers. */
function memoryAdapter() {
  const store = new Map<string, { payload: Record<string, unknown>; expiresAt: number | null }>();
  const keyOf = (model: string, id: string) => `${model}:${id}`;
  const live = (key: string) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
      store.set(keyOf(this.model, id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null });
    }
    async find(id: string) {
      return live(keyOf(this.model, id));
    }
    async findByUid(uid: string) {
      for (const [key, entry] of store) {
        if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid) return live(key);
      }
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const [key, entry] of store) {
        if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode) return live(key);
      }
      return undefined;
    }
    async consume(id: string) {
      const payload = live(keyOf(this.model, id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(keyOf(this.model, id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    }
  };
}

const PAGE_STYLE = 'body{font-family:sans-serif;margin:2rem}';

/**
 * Starts the fake Google on 127.0.0.1 (a free port) with one confidential client,
 * `toolhouse-test`, allowed to redirect to `redirectUris`.
 */
export async function startFakeGoogle(options: { redirectUris: string[] }): Promise<FakeGoogle> {
  const Provider = await loadProvider();

  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = FAKE_GOOGLE_CLIENT_ID;
  const clientSecret = randomBytes(24).toString('base64url');

  const signingKey = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  };

  const provider = await quietly(
    () =>
      new Provider(issuer, {
        adapter: memoryAdapter(),
        jwks: { keys: [signingKey] },
        cookies: { keys: [randomBytes(32).toString('base64url')] },
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: options.redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
            // Google's default. oidc-provider also accepts client_secret_post (what better-auth sends)
            // from a client registered with either of the two.
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        async findAccount(_ctx: unknown, id: string) {
          return {
            accountId: id,
            async claims() {
              return fakeGoogleClaims(id);
            },
          };
        },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        // Put the scope claims into the ID token, as Google does, so the store reads the email from it.
        conformIdTokenClaims: false,
        // Consent is implied: every signed-in account has granted the client openid email profile.
        async loadExistingGrant(ctx: OidcContext) {
          const { oidc } = ctx;
          if (!oidc.account || !oidc.client) return undefined;
          const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
          if (grantId) {
            const existing = await oidc.provider.Grant.find(grantId);
            if (existing) return existing;
          }
          const grant = new oidc.provider.Grant({ accountId: oidc.account.accountId, clientId: oidc.client.clientId });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
        pkce: { required: () => true },
        features: {
          devInteractions: { enabled: true },
          // Google offers no RP-initiated logout (no end_session_endpoint).
          rpInitiatedLogout: { enabled: false },
        },
        clientBasedCORS: () => true,
        ttl: {
          AccessToken: 3600,
          AuthorizationCode: 60,
          IdToken: 3600,
          Interaction: 3600,
          Session: 3600,
          Grant: 3600,
        },
        async renderError(
          ctx: { type: string; body: string },
          out: Record<string, string>,
        ) {
          ctx.type = 'html';
          const lines = Object.entries(out).map(([key, value]) => `<pre>${escapeHtml(key)}: ${escapeHtml(String(value))}</pre>`);
          ctx.body = `<!DOCTYPE html><html><head><title>fake Google error</title><style>${PAGE_STYLE}</style></head><body><h1>Sign-in failed</h1>${lines.join('')}</body></html>`;
        },
      }),
  );
  // The provider is a Koa app, which would print unexpected errors with console.error;
  // signInAtFakeGoogle reports them in its own error instead.
  provider.silent = true;
  // Its pages @import a Google Fonts stylesheet: offline, a browser would log a failed load as a console error.
  provider.use(async (ctx, next) => {
    await next();
    if (typeof ctx.body === 'string' && ctx.body.includes('@import url(')) {
      ctx.body = ctx.body.replace(/@import url\([^)]*\);?/g, '');
    }
  });
  handler = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Drives the fake Google's sign-in with fetch, as a browser would: opens `authorizationUrl` (from
 * the store's POST /api/auth/sign-in/social), submits the login form with `login` and any password
 * (and the consent form, should one show), and follows the provider's redirects. Returns the URL
 * the provider finally redirects to: the store's callback with `code`, `state` and `iss`
 * (or `error` when the provider refused).
 */
export async function signInAtFakeGoogle(authorizationUrl: string, login: string): Promise<string> {
  const providerOrigin = new URL(authorizationUrl).origin;
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /;\s*expires=Thu, 01 Jan 1970/i.test(line) || /;\s*max-age=0/i.test(line);
      if (!value || expired) cookies.delete(name);
      else cookies.set(name, value);
    }
  };
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(response);
    return response;
  };

  let response = await request(authorizationUrl);
  let submitted = { login: false, consent: false };
  for (let step = 0; step < 20; step++) {
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, response.url || providerOrigin).toString();
      if (new URL(next).origin !== providerOrigin) return next;
      response = await request(next);
      continue;
    }
    const body = await response.text();
    if (response.status !== 200) {
      throw new Error(`fake Google answered ${response.status} at ${response.url}: ${textOf(body)}`);
    }
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(body);
    const prompt = form && /name="prompt" value="(\w+)"/.exec(form[2]!)?.[1];
    if (!form || !prompt) throw new Error(`fake Google showed a page without its sign-in form at ${response.url}: ${textOf(body)}`);
    const fields = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      if (submitted.login) throw new Error(`fake Google asked to sign in again: ${textOf(body)}`);
      fields.set('login', login);
      fields.set('password', 'any-password');
    } else if (submitted.consent) {
      throw new Error(`fake Google asked for consent again: ${textOf(body)}`);
    }
    submitted = { ...submitted, [prompt]: true };
    const action = new URL(decodeHtml(form[1]!), response.url || providerOrigin).toString();
    response = await request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
  }
  throw new Error('fake Google kept redirecting');
}

function decodeHtml(text: string) {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function textOf(html: string) {
  return decodeHtml(html.replace(/<style[\s\S]*?<\/style>/gi, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim().slice(0, 500);
}
