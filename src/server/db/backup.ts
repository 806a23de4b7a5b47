import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Online backups of the embedded database (docs/decisions/027-operations-tools.md). The running
 * store owns the data folder, so `npm run backup` cannot open it: it leaves a request file in
 * DATA_DIR/backups and sends the store SIGUSR2; the store writes a consistent snapshot beside the
 * request (a temporary name, then renamed) or says why it could not, and the tool waits for it.
 */

/** Backups, requests and the store's "I take requests" note, in DATA_DIR. */
export const backupsDirOf = (dataDir: string) => path.join(dataDir, 'backups');
const LISTENER_FILE = 'listener.json';
const REQUEST = '.request';
const DONE = '.tar.gz';
const FAILED = '.failed';

export const requestFileOf = (dir: string, name: string) => path.join(dir, `${name}${REQUEST}`);
export const backupFileOf = (dir: string, name: string) => path.join(dir, `${name}${DONE}`);
export const failureFileOf = (dir: string, name: string) => path.join(dir, `${name}${FAILED}`);

/** A backup's name: when it was asked for, in UTC, safe in a file name (2026-11-24T10-31-05-123Z). */
export const backupName = (at = new Date()) => at.toISOString().replace(/[:.]/g, '-');

/** Writes `blob` as `<name>.tar.gz` in `dir`, readable by this user only, whole or not at all. */
export async function writeBackupFile(dir: string, name: string, blob: Blob): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = backupFileOf(dir, name);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, new Uint8Array(await blob.arrayBuffer()), { mode: 0o600, flush: true });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return file;
}

/** What the store writes so that the tool knows this process answers SIGUSR2 (an older one, or a migration, would die of it). */
export interface BackupListener {
  pid: number;
  hostname: string;
}

export async function readBackupListener(dataDir: string): Promise<BackupListener | null> {
  try {
    const listener = JSON.parse(await readFile(path.join(backupsDirOf(dataDir), LISTENER_FILE), 'utf8')) as Partial<BackupListener>;
    return typeof listener.pid === 'number' && typeof listener.hostname === 'string' ? (listener as BackupListener) : null;
  } catch {
    return null;
  }
}

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface BackupService {
  /** SIGUSR2: answers every waiting request with one snapshot (and again for requests that arrive meanwhile). */
  answerRequests(): void;
  /** At shutdown: no new snapshot; waits for the one being written, so the database closes after it. */
  stop(): Promise<void>;
}

/** In the store: answers backup requests with `dump` (the database handle's dumpDataDir). */
export async function startBackupService(dataDir: string, dump: () => Promise<Blob>, log: Log): Promise<BackupService> {
  const dir = backupsDirOf(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const listener: BackupListener = { pid: process.pid, hostname: os.hostname() };
  await writeFile(path.join(dir, LISTENER_FILE), JSON.stringify(listener), { mode: 0o600 });
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const answerWaiting = async () => {
    const names = (await readdir(dir)).filter((file) => file.endsWith(REQUEST)).map((file) => file.slice(0, -REQUEST.length));
    if (names.length === 0) return;
    const started = Date.now();
    let blob: Blob;
    try {
      blob = await dump();
    } catch (error) {
      log.error({ err: error }, 'could not take a backup of the embedded database');
      await Promise.all(names.map(async (name) => {
        await writeFile(failureFileOf(dir, name), `${(error as Error).message}\n`, { mode: 0o600 });
        await rm(requestFileOf(dir, name), { force: true });
      }));
      return;
    }
    for (const name of names) {
      const file = await writeBackupFile(dir, name, blob);
      await rm(requestFileOf(dir, name), { force: true });
      log.info({ file, bytes: blob.size, ms: Date.now() - started }, 'wrote a backup of the embedded database');
    }
  };
  const loop = async () => {
    do {
      again = false;
      await answerWaiting().catch((error: unknown) => log.error({ err: error }, 'backup requests failed'));
    } while (again && !stopped);
  };

  return {
    answerRequests() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = loop().finally(() => (running = null));
    },
    async stop() {
      stopped = true;
      await rm(path.join(dir, LISTENER_FILE), { force: true });
      await running;
    },
  };
}
