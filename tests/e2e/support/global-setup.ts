import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, databaseUrlFor, TEST_DB_PREFIX } from '../../support/postgres-admin';

/**
 * Starts the real server (`src/server/main.ts`, serving dist/web) on a free port with a fresh
 * database: an embedded one in a temporary DATA_DIR, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set. Playwright's `webServer` needs the port up front; this lets the
 * server pick one. The server stops when its stdin closes, so it never outlives the run.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    EXIT_WITH_STDIN: '1',
    PUBLIC_WRITE_RATE_LIMIT: '1000',
  };
  delete env.DATABASE_URL;
  let database: string | null = null;
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    database = `${TEST_DB_PREFIX}e2e_${process.pid}_${Date.now()}`;
    await adminQuery(baseUrl, `create database "${database}"`);
    env.DATABASE_URL = databaseUrlFor(baseUrl, database);
  }

  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 60 s')), 60_000);
    let buffered = '';
    server.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const line of buffered.split('\n')) {
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
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
    await rm(dataDir, { recursive: true, force: true });
    if (baseUrl && database) await adminQuery(baseUrl, `drop database if exists "${database}" with (force)`);
  };
}
