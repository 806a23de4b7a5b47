import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EXIT, readCommandLine } from '../lib/command-line';

const { values } = readCommandLine({
  name: 'backup',
  script: 'backup',
  synopsis: '[--timeout <seconds>]',
  description: `Takes a backup of the embedded database into DATA_DIR/backups/<time>.tar.gz (0600) and
prints its path. While the store runs it asks the store for it (a signal, SIGUSR2) and waits: the
store keeps serving, and the snapshot is consistent. With no store running it opens the folder
itself. Copy the file somewhere else (another disk, another machine); restore it with
'npm run restore -- <file>'. On PostgreSQL use pg_dump instead (docs/DEPLOY.md, section 7).`,
  options: {
    timeout: { type: 'string', help: 'How long to wait for a running store, in seconds (default 600).', valueName: 'seconds' },
  },
  positionals: { min: 0, max: 0 },
});
const timeoutSeconds = values.timeout === undefined ? 600 : Number(values.timeout);
if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
  console.error(`--timeout must be a number of seconds, not '${values.timeout}'.`);
  process.exit(EXIT.usage);
}

// Loaded once the command line is right, so that --help answers at once.
const [{ loadConfig }, { openDatabase }, { DataDirInUseError, lockDataDir }, backup] = await Promise.all([
  import('../config'),
  import('../db/client'),
  import('../db/data-dir-lock'),
  import('../db/backup'),
]);

const config = loadConfig();
if (config.database.kind !== 'pglite' || !config.database.dataDir) {
  console.error('The store runs on PostgreSQL (DATABASE_URL): back it up with pg_dump, as docs/DEPLOY.md (section 7) shows.');
  process.exit(EXIT.failed);
}
const dir = backup.backupsDirOf(config.dataDir);
const name = backup.backupName();

let release: (() => Promise<void>) | null = null;
try {
  release = await lockDataDir(config.dataDir, () => process.exit(EXIT.failed));
} catch (error) {
  if (!(error instanceof DataDirInUseError)) throw error;
}
if (release) {
  // No store runs: this process owns the folder for a moment and takes the snapshot itself.
  const handle = await openDatabase(config.database);
  try {
    console.log(await backup.writeBackupFile(dir, name, await handle.dumpDataDir!()));
  } finally {
    await handle.close();
    await release();
  }
} else {
  console.log(await askRunningStore());
}

/** Leaves a request, signals the store that holds the folder, and waits for its answer. */
async function askRunningStore(): Promise<string> {
  const pid = await lockOwnerPid(config.dataDir);
  const listener = await backup.readBackupListener(config.dataDir);
  if (pid === null || listener?.pid !== pid || listener.hostname !== os.hostname()) {
    // SIGUSR2 would kill a process that does not expect it: a migration, a seed, an older store.
    return fail(
      `The data folder ${config.dataDir} is in use by a process that does not take backups: a migration, a seed, a store still starting, or a store older than this tool. Wait until it ends or has started, and try again.`,
    );
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const request = backup.requestFileOf(dir, name);
  await writeFile(request, `${process.pid}\n`, { mode: 0o600, flag: 'wx' });
  try {
    process.kill(pid, 'SIGUSR2');
  } catch (error) {
    await rm(request, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    return fail(code === 'EPERM' ? `Not allowed to signal the store (process ${pid}): run this as the store's user.` : `Could not signal the store (process ${pid}): ${code}.`);
  }
  console.error(`Asked the running store (process ${pid}) for a backup; waiting...`);
  const file = backup.backupFileOf(dir, name);
  const giveUpAt = Date.now() + timeoutSeconds * 1000;
  for (;;) {
    if (await exists(file)) return file;
    const failure = await readFile(backup.failureFileOf(dir, name), 'utf8').catch(() => null);
    if (failure !== null) {
      await rm(backup.failureFileOf(dir, name), { force: true });
      return fail(`The store could not take the backup: ${failure.trim()}`);
    }
    if (!isAlive(pid)) return fail(`The store (process ${pid}) stopped before it wrote the backup.`);
    if (Date.now() >= giveUpAt) {
      await rm(request, { force: true });
      return fail(`No backup after ${timeoutSeconds} s; the store's log may say why. Try again with a longer --timeout.`);
    }
    await sleep(250);
  }
}

/** The pid in the lock's owner record (data-dir-lock.ts writes it beside the lock). */
async function lockOwnerPid(dataDir: string): Promise<number | null> {
  try {
    const { pid } = JSON.parse(await readFile(path.join(dataDir, 'store.lock.owner.json'), 'utf8')) as { pid?: unknown };
    return typeof pid === 'number' ? pid : null;
  } catch {
    return null;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(EXIT.failed);
}
