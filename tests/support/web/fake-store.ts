import type { CartLine, TaxConfig, Tool } from '../../../src/shared';
import type { AuthOptions, Profile } from '../../../src/shared/schemas/accounts';
import { API_ERRORS, LIMITS } from '../../../src/shared';
import type { IdentitySession } from '../../../src/web/lib/identity-session';
import { accessTokenExpiringIn } from './access-tokens';
import { apiError, FakeApi, type FakeHandler } from './fake-api';

export interface FakePerson {
  id: string;
  email: string;
  name: string;
  role?: 'customer' | 'admin';
  emailVerified?: boolean;
  /** Two-step sign-in is on for the account (decision 023). */
  twoFactorEnabled?: boolean;
}

/** An admin, as the role guards and the admin pages see one. */
export const ADMIN: FakePerson = { id: 'user-ada', email: 'ada@example.com', name: 'Ada Admin', role: 'admin' };

export const CUSTOMER: FakePerson = { id: 'user-casey', email: 'casey@example.com', name: 'Casey Customer' };

/** A tool as GET /api/items/:id answers it. */
export function fakeTool(fields: Partial<Tool> & Pick<Tool, '_id'>): Tool {
  return {
    name: `Tool ${fields._id}`,
    price: 10,
    image: `/images/${fields._id}.png`,
    description: 'A tool',
    minQty: 1,
    availableQty: 100,
    slug: `tool-${fields._id}`,
    sku: `SKU-${fields._id}`,
    categoryId: 'category-1',
    taxClass: 'standard',
    ...fields,
  };
}

/**
 * The parts of the store's API the web app's session, access token and cart talk to, answering as
 * the real one does: better-auth's get-session and sign-out, POST /api/login (a token for the
 * session's own email), bearer-checked profile, role and cart calls (a token is good while its
 * session lasts), the catalogue's tools, the store's sign-in options. Installed as the page's `fetch`.
 */
/** A US store with no tax rates: what every store has until its owner sets some (decision 048). */
export const FAKE_TAX_CONFIG: TaxConfig = {
  country: 'US',
  pricesIncludeTax: false,
  countries: [
    { code: 'CA', name: 'Canada' },
    { code: 'DE', name: 'Germany' },
    { code: 'US', name: 'United States of America' },
  ],
  regions: [],
  rates: [],
};

export function fakeStore({
  signedIn = null,
  tools = [],
  saved = { address: '', phone: '' },
  authOptions = {},
  secondFactorAt = null,
  taxConfig = FAKE_TAX_CONFIG,
}: {
  signedIn?: FakePerson | null;
  tools?: Tool[];
  saved?: Pick<Profile, 'address' | 'phone'>;
  authOptions?: Partial<AuthOptions>;
  /** When the signed-in session showed a code from an authenticator app (null: it has not). */
  secondFactorAt?: string | null;
  /** GET /api/tax-config: a US store, no rates, unless given. */
  taxConfig?: TaxConfig;
} = {}) {
  const api = new FakeApi();
  let sessions = 0;
  const state = {
    person: signedIn,
    session: signedIn ? `session-${(sessions += 1)}` : null,
    /** Every token issued, with the session it names. */
    tokens: new Map<string, string>(),
    cart: [] as CartLine[],
    tools: new Map(tools.map((tool) => [tool._id, tool])),
    secondFactorAt: signedIn ? secondFactorAt : null,
    authOptions: { google: false, emailVerification: 'off', adminTwoFactor: 'optional', ...authOptions } satisfies AuthOptions,
  };

  const sessionBody = (): IdentitySession | null =>
    state.person && state.session
      ? {
          session: { id: state.session, expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), secondFactorAt: state.secondFactorAt },
          user: { role: 'customer', emailVerified: true, twoFactorEnabled: false, image: null, ...state.person },
        }
      : null;

  /** The API checks the token's session on every call: a token of an ended session is refused. */
  const withToken =
    (handler: FakeHandler): FakeHandler =>
    (request, params) => {
      const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
      const session = state.tokens.get(token);
      if (!session || session !== state.session) return apiError(401, API_ERRORS.signInRequired);
      return handler(request, params);
    };
  // Each line with its tool's SKU, as GET /api/cart answers (a line of a tool it does not know keeps an empty one).
  const cartAnswer = () => ({ body: { lines: state.cart.map((line) => ({ ...line, sku: state.tools.get(line.toolId)?.sku ?? '' })) } });
  const setLine = (toolId: string, quantity: (current: number) => number) => {
    const existing = state.cart.find((line) => line.toolId === toolId);
    if (existing) existing.quantity = quantity(existing.quantity);
    else state.cart.push({ toolId, quantity: quantity(0) });
  };

  api
    .on('GET', '/api/auth/get-session', () => ({ body: sessionBody() }))
    .on('POST', '/api/auth/sign-out', () => {
      state.person = null;
      state.session = null;
      state.secondFactorAt = null;
      return { body: { success: true } };
    })
    .on('GET', '/api/auth-options', () => ({ body: state.authOptions }))
    .on('POST', '/api/login', ({ body }) => {
      if (!state.person || !state.session || (body as { email?: string }).email !== state.person.email) return apiError(401, API_ERRORS.signInRequired);
      const accessToken = accessTokenExpiringIn(3600);
      state.tokens.set(accessToken, state.session);
      return { body: { accessToken } };
    })
    .on('GET', '/api/items/:id', (_, { id }) => {
      const tool = state.tools.get(id!);
      return tool ? { body: tool } : apiError(404, API_ERRORS.toolNotFound, 'TOOL_NOT_FOUND');
    })
    .on(
      'GET',
      '/api/user/:email',
      withToken((_, { email }) => {
        const person = state.person;
        if (!person || email !== person.email) return apiError(403, API_ERRORS.forbidden);
        const profile: Profile = { _id: person.id, email: person.email, userName: person.name, ...saved, companyName: null, taxId: null, role: person.role ?? 'customer', photoURL: null };
        return { body: profile };
      }),
    )
    .on(
      'GET',
      '/api/admin/:email',
      withToken((_, { email }) => {
        const person = state.person;
        if (!person || email !== person.email) return apiError(403, API_ERRORS.forbidden);
        return { body: { admin: person.role === 'admin' } };
      }),
    )
    .on('GET', '/api/cart', withToken(cartAnswer))
    .on('GET', '/api/tax-config', () => ({ body: taxConfig }))
    .on(
      'POST',
      '/api/cart/lines',
      withToken(({ body }) => {
        const { toolId, quantity } = body as CartLine;
        if (!state.cart.some((line) => line.toolId === toolId) && state.cart.length >= LIMITS.orderLinesMax) return apiError(409, API_ERRORS.cartFull, 'CART_FULL');
        setLine(toolId, (current) => Math.min(current + quantity, LIMITS.quantityMax));
        return cartAnswer();
      }),
    )
    .on(
      'PUT',
      '/api/cart/lines/:toolId',
      withToken(({ body }, { toolId }) => {
        setLine(toolId!, () => (body as { quantity: number }).quantity);
        return cartAnswer();
      }),
    )
    .on(
      'DELETE',
      '/api/cart/lines/:toolId',
      withToken((_, { toolId }) => {
        state.cart = state.cart.filter((line) => line.toolId !== toolId);
        return cartAnswer();
      }),
    )
    .on(
      'POST',
      '/api/cart/merge',
      // A tool in both keeps the larger quantity, so a merge sent twice adds nothing.
      withToken(({ body }) => {
        for (const line of (body as { lines: CartLine[] }).lines) setLine(line.toolId, (current) => Math.max(current, line.quantity));
        return cartAnswer();
      }),
    );

  return {
    api: api.install(),
    state,
    /** `handler` behind the API's bearer check: a token of an ended session is refused (401). */
    withToken,
    /**
     * The person signs in (another tab, a mailed link): a new session, which has shown a code from
     * an authenticator app when `secondFactorAt` says so.
     */
    signIn(person: FakePerson, { secondFactorAt: showedCodeAt = null }: { secondFactorAt?: string | null } = {}) {
      state.person = person;
      state.session = `session-${(sessions += 1)}`;
      state.secondFactorAt = showedCodeAt;
    },
    /** The session ends on the server (signed out elsewhere, a password reset): its tokens stop working. */
    endSession() {
      state.person = null;
      state.session = null;
      state.secondFactorAt = null;
    },
  };
}
