import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { CHEAP_PASSWORD_HASHING } from './cheap-password-hashing';
import { adminQuery } from './postgres-admin';
import { serverBundle } from './server-bundle';

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  child: ChildProcessWithoutNullStreams;
  /** The PostgreSQL database it runs on (DATABASE_URL), if any. */
  databaseUrl: string | undefined;
  /** Everything the server wrote to stdout so far (JSON log lines). */
  output(): string;
  /** Closes stdin (EXIT_WITH_STDIN) and waits for the process to exit. */
  stop(): Promise<void>;
}

/**
 * Starts the real server (the run's build of `src/server/main.ts`, server-bundle.ts) as its own
 * operating-system process, as production runs it, with the given settings on top of quiet test
 * defaults. Several of these on one PostgreSQL database are "several app processes". The process
 * stops when its stdin closes, so it never outlives the test run.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, options: { startTimeoutMs?: number } = {}): Promise<ServerProcess> {
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverBundle.main()], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      LOG_LEVEL: 'info',
      EXIT_WITH_STDIN: '1',
      AUTH_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      // Tests sign many customers up from one address; the limit has tests of its own.
      SIGN_UP_RATE_LIMIT: '100000',
      // ... and read many catalogue pages; the allowance has tests of its own (catalogue/catalogue-abuse.test.ts).
      CATALOGUE_READ_RATE_LIMIT: '100000',
      // Admins made by these tests have no authenticator app; the requirement has tests of its own.
      ADMIN_TWO_FACTOR: 'optional',
      ...CHEAP_PASSWORD_HASHING,
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start within ${startTimeoutMs / 1000} s:\n${stdout}${stderr}`)),
      startTimeoutMs,
    );
    const onData = () => {
      if (stdout.includes(`Server listening at ${origin}`)) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before listening:\n${stdout}${stderr}`));
    });
  });
  return {
    origin,
    child,
    databaseUrl: env.DATABASE_URL,
    output: () => stdout,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
}

/** A customer signed up through a server process over HTTP, with its session cookie and access token. */
export interface RemoteCustomer {
  email: string;
  cookie: string;
  token: string;
}

/**
 * Signs a new customer up through `server` (as a browser would, with its Origin), marks the address
 * verified in the server's database (as following the mailed link would; these tests are about
 * other things), signs in and takes an access token there.
 */
export async function signUpOver(server: ServerProcess, name: string, emailPrefix = 'customer'): Promise<RemoteCustomer> {
  const email = `${emailPrefix}-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Pw-${randomUUID()}`;
  const headers = { origin: server.origin, 'content-type': 'application/json' };
  const signUp = await fetch(`${server.origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name, email, password }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up through ${server.origin} answered ${signUp.status}: ${await signUp.text()}`);
  if (!server.databaseUrl) throw new Error('signUpOver needs a server on PostgreSQL (DATABASE_URL) to mark the address verified');
  await adminQuery(server.databaseUrl, 'update "user" set email_verified = true where email = $1', [email]);
  const signIn = await fetch(`${server.origin}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  if (signIn.status !== 200) throw new Error(`sign-in through ${server.origin} answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))?.split(';')[0];
  if (!cookie) throw new Error('sign-in set no session cookie');
  const login = await fetch(`${server.origin}/api/login`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify({ email }) });
  if (login.status !== 200) throw new Error(`/api/login through ${server.origin} answered ${login.status}`);
  return { email, cookie, token: ((await login.json()) as { accessToken: string }).accessToken };
}
