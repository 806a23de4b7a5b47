import { API_ERRORS } from '../../../src/shared';
import type { AccountSession } from '../../../src/shared/schemas/accounts';
import { apiError, type FakeAnswer, type FakeHandler } from './fake-api';
import type { fakeStore, FakePerson } from './fake-store';

type FakeStore = ReturnType<typeof fakeStore>;

/** An account that can sign in with a password; with two-step sign-in when `person.twoFactorEnabled`. */
export interface FakeAccount {
  person: FakePerson;
  password: string;
  /** The code the account's authenticator app shows now. */
  code?: string;
  /** Recovery codes not used yet. */
  recoveryCodes?: string[];
}

/** The code a fake account's authenticator app shows, unless it says otherwise. */
export const APP_CODE = '246810';
/** The setup key the fake hands out when two-step sign-in is set up, and the codes it makes. */
export const SETUP_SECRET = 'JBSWY3DPEHPK3PXPJBSW';
const newRecoveryCodes = (round: number) => Array.from({ length: 10 }, (_, i) => `r${round}-code-${i + 1}`);

/** An identity service (better-auth) refusal: its status, code and message, as its client reads them. */
const identityError = (status: number, code: string, message: string): FakeAnswer => ({ status, body: { code, message } });
const wrongPassword = () => identityError(400, 'INVALID_PASSWORD', 'Invalid password');

/**
 * better-auth's sign-in and account-security calls over the fake store's session, answering as the
 * store's identity service does (decision 023): a password sign-in, with its second step (a code
 * from the app or a recovery code) for accounts with two-step sign-in; changing the password;
 * setting two-step sign-in up, showing a code in a session, new recovery codes, turning it off;
 * and the account's sessions (listing, ending one, ending all). Changing the password or turning
 * two-step sign-in on or off gives the browser a new session, so the old session's tokens stop working.
 */
export function fakeIdentity(store: FakeStore, accounts: FakeAccount[], { otherSessions = [] }: { otherSessions?: AccountSession[] } = {}) {
  const { api, state } = store;
  const identity = {
    /** The account whose password was right and whose second step is awaited. */
    awaitingCode: null as FakeAccount | null,
    /** The setup of two-step sign-in begun, awaiting its first code. */
    enrolling: false,
    otherSessions: [...otherSessions],
    /** Sets of recovery codes made so far: each set differs from the last. */
    rounds: 0,
  };
  const current = () => accounts.find((account) => account.person.email === state.person?.email && state.session !== null);
  const codeOf = (account: FakeAccount) => account.code ?? APP_CODE;
  const setupURI = (account: FakeAccount) => `otpauth://totp/ToolHouse:${encodeURIComponent(account.person.email)}?secret=${SETUP_SECRET}&issuer=ToolHouse`;
  const now = () => new Date().toISOString();
  const signedInAnswer = (account: FakeAccount) => ({ body: { redirect: false, token: state.session, user: { ...account.person, emailVerified: true } } });
  /** Behind the session cookie: refused when nobody is signed in. */
  const signedIn =
    (handler: (account: FakeAccount, body: Record<string, string>) => FakeAnswer): FakeHandler =>
    ({ body }) => {
      const account = current();
      return account ? handler(account, (body ?? {}) as Record<string, string>) : identityError(401, 'UNAUTHORIZED', 'Unauthorized');
    };
  /** A change of the account's security: this browser gets a new session, every other one ends. */
  const newSession = (account: FakeAccount, secondFactorAt: string | null) => {
    store.signIn(account.person, { secondFactorAt });
    identity.otherSessions = [];
  };

  api
    .on('POST', '/api/auth/sign-in/email', ({ body }) => {
      const { email, password } = body as { email: string; password: string };
      const account = accounts.find((candidate) => candidate.person.email === email);
      if (!account || account.password !== password) return identityError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password');
      if (account.person.twoFactorEnabled) {
        identity.awaitingCode = account;
        return { body: { twoFactorRedirect: true } };
      }
      store.signIn(account.person);
      return signedInAnswer(account);
    })
    .on('POST', '/api/auth/two-factor/verify-totp', ({ body }) => {
      const { code } = body as { code: string };
      const waiting = identity.awaitingCode;
      if (waiting) {
        if (code !== codeOf(waiting)) return identityError(401, 'INVALID_CODE', 'Invalid code');
        identity.awaitingCode = null;
        store.signIn(waiting.person, { secondFactorAt: now() });
        return signedInAnswer(waiting);
      }
      const account = current();
      if (!account) return identityError(401, 'INVALID_TWO_FACTOR_COOKIE', 'Invalid two factor cookie');
      if (code !== codeOf(account)) return identityError(401, 'INVALID_CODE', 'Invalid code');
      if (identity.enrolling) {
        // The first code turns two-step sign-in on, in a new session that has shown it.
        identity.enrolling = false;
        account.person = { ...account.person, twoFactorEnabled: true };
        newSession(account, now());
      } else {
        state.secondFactorAt = now();
      }
      return { body: { token: state.session } };
    })
    .on('POST', '/api/auth/two-factor/verify-backup-code', ({ body }) => {
      const { code } = body as { code: string };
      const waiting = identity.awaitingCode;
      if (!waiting) return identityError(401, 'INVALID_TWO_FACTOR_COOKIE', 'Invalid two factor cookie');
      if (!waiting.recoveryCodes?.includes(code)) return identityError(401, 'INVALID_BACKUP_CODE', 'Invalid backup code');
      waiting.recoveryCodes = waiting.recoveryCodes.filter((unused) => unused !== code);
      identity.awaitingCode = null;
      store.signIn(waiting.person, { secondFactorAt: now() });
      return signedInAnswer(waiting);
    })
    .on(
      'POST',
      '/api/auth/change-password',
      signedIn((account, { currentPassword, newPassword }) => {
        if (currentPassword !== account.password) return wrongPassword();
        account.password = newPassword!;
        newSession(account, state.secondFactorAt);
        return { body: { token: state.session } };
      }),
    )
    .on(
      'POST',
      '/api/auth/two-factor/get-totp-uri',
      // The key of a set-up begun and not yet confirmed or cancelled; better-auth looks for the
      // key before it checks the password, so with none the answer is TOTP_NOT_ENABLED either way.
      signedIn((account, { password }) => {
        if (!identity.enrolling && !account.person.twoFactorEnabled) return identityError(400, 'TOTP_NOT_ENABLED', 'TOTP not enabled');
        if (password !== account.password) return wrongPassword();
        return { body: { totpURI: setupURI(account) } };
      }),
    )
    .on(
      'POST',
      '/api/auth/two-factor/enable',
      signedIn((account, { password }) => {
        if (password !== account.password) return wrongPassword();
        identity.enrolling = true;
        identity.rounds += 1;
        account.recoveryCodes = newRecoveryCodes(identity.rounds);
        return { body: { totpURI: setupURI(account), backupCodes: account.recoveryCodes } };
      }),
    )
    .on(
      'POST',
      '/api/auth/two-factor/generate-backup-codes',
      signedIn((account, { password }) => {
        if (state.secondFactorAt === null) return identityError(403, 'SECOND_FACTOR_REQUIRED', API_ERRORS.secondFactorFirst);
        if (password !== account.password) return wrongPassword();
        identity.rounds += 1;
        account.recoveryCodes = newRecoveryCodes(identity.rounds);
        return { body: { status: true, backupCodes: account.recoveryCodes } };
      }),
    )
    .on(
      'POST',
      '/api/auth/two-factor/disable',
      signedIn((account, { password }) => {
        // As session-proofs.ts: only an account with it on must have shown a code (cancelling a set-up need not).
        if (account.person.twoFactorEnabled && state.secondFactorAt === null) return identityError(403, 'SECOND_FACTOR_REQUIRED', API_ERRORS.secondFactorFirst);
        if (password !== account.password) return wrongPassword();
        identity.enrolling = false;
        account.person = { ...account.person, twoFactorEnabled: false };
        newSession(account, null);
        return { body: { status: true } };
      }),
    )
    .on(
      'GET',
      '/api/account/sessions',
      store.withToken(() => {
        const here: AccountSession = {
          id: state.session!,
          current: true,
          createdAt: now(),
          lastActiveAt: now(),
          expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          ipAddress: '203.0.113.7',
          userAgent: navigator.userAgent,
          secondFactor: state.secondFactorAt !== null,
        };
        return { body: [here, ...identity.otherSessions] };
      }),
    )
    .on(
      'DELETE',
      '/api/account/sessions/:id',
      store.withToken((_, { id }) => {
        if (!identity.otherSessions.some((session) => session.id === id)) return apiError(404, API_ERRORS.sessionNotFound, 'SESSION_NOT_FOUND');
        identity.otherSessions = identity.otherSessions.filter((session) => session.id !== id);
        return { body: { endedCount: 1 } };
      }),
    )
    .on(
      'DELETE',
      '/api/account/sessions',
      store.withToken(() => {
        const endedCount = identity.otherSessions.length + 1;
        identity.otherSessions = [];
        store.endSession();
        return { body: { endedCount } };
      }),
    );

  return {
    accounts,
    state: identity,
  };
}
