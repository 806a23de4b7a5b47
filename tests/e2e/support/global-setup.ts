import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { startFakeGoogle } from '../../support/fake-google';
import { CHEAP_PASSWORD_HASHING } from '../../support/cheap-password-hashing';
import { startMailCatcher } from '../../support/mail-catcher';
import { serverBundle } from '../../support/server-bundle';
import { adminQuery, databaseUrlFor, TEST_DB_PREFIX } from '../../support/postgres-admin';
import { E2E_ADMIN } from './users';

/**
 * Starts a stand-in for Google and a real SMTP server that keeps the store's mail for the specs
 * (support/mailbox.ts reads it from E2E_MAIL_DIR), then the real server (`dist/server/main.js`, serving dist/web) on a free port with a fresh
 * database: an embedded one in a temporary DATA_DIR, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set. Playwright's `webServer` needs the port up front; this lets the
 * server pick one. The server stops when its stdin closes, so it never outlives the run.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-e2e-'));
  // The identity service needs its public address up front (allowed origins, OAuth redirects).
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  // A local OpenID Connect provider plays Google; it must be up before the server reads its discovery.
  const google = await startFakeGoogle({ redirectUris: [`${publicUrl}/api/auth/callback/google`] });
  const mailDir = await mkdtemp(path.join(os.tmpdir(), 'store-e2e-mail-'));
  const mail = await startMailCatcher({ saveTo: mailDir });
  // Workers start after this function returns, and inherit its environment.
  process.env.E2E_MAIL_DIR = mailDir;
  // The store's secret, known to the specs too: their signUpByApi makes the verification link's
  // token as the store does (support/users.ts), so only the specs about mail wait for mail.
  process.env.E2E_AUTH_SECRET = randomBytes(32).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AUTH_SECRET: process.env.E2E_AUTH_SECRET,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    EXIT_WITH_STDIN: '1',
    PUBLIC_WRITE_RATE_LIMIT: '1000',
    AUTH_RATE_LIMIT: '1000',
    SIGN_UP_RATE_LIMIT: '100000',
    CATALOGUE_READ_RATE_LIMIT: '100000',
    SIGN_IN_MAX_FAILURES: '50',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // The specs' admin has no authenticator app (admin-security.spec.ts turns one on for an admin of
    // its own); the requirement every real store has by default is tested through the API.
    ADMIN_TWO_FACTOR: 'optional',
    ...CHEAP_PASSWORD_HASHING,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
    SMTP_URL: mail.url,
    MAIL_FROM: 'ToolHouse <no-reply@toolhouse.test>',
  };
  delete env.DATABASE_URL;
  let database: string | null = null;
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    database = `${TEST_DB_PREFIX}e2e_${process.pid}_${Date.now()}`;
    await adminQuery(baseUrl, `create database "${database}"`);
    env.DATABASE_URL = databaseUrlFor(baseUrl, database);
  }

  // The build production runs (`npm run test:e2e` builds it first when the sources changed).
  const server = spawn(process.execPath, [serverBundle.main()], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 60 s')), 60_000);
    let buffered = '';
    server.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const line of buffered.split('\n')) {
        if (line.includes(`Server listening at ${publicUrl}`)) {
          clearTimeout(timer);
          resolve(publicUrl);
        }
      }
      buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
    });
    server.once('exit', (code) => reject(new Error(`server exited with code ${code} before listening`)));
  });
  server.stdout.resume();
  process.env.E2E_BASE_URL = origin;

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.stdin.end();
    await exited;
    await google.close();
    await mail.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(mailDir, { recursive: true, force: true });
    if (baseUrl && database) await adminQuery(baseUrl, `drop database if exists "${database}" with (force)`);
  };
}
