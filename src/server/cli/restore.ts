import { readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { EXIT, readCommandLine } from '../lib/command-line';

const { positionals } = readCommandLine({
  name: 'restore',
  script: 'restore',
  synopsis: '<backup.tar.gz>',
  description: `Puts a backup taken with 'npm run backup' in place of the embedded database under DATA_DIR.
Stop the store first. The backup is unpacked and opened beside the database first; only when that
worked is the current database moved aside (DATA_DIR/pglite.before-restore-<time>, never deleted:
remove it yourself once the restored store looks right) and the backup put in its place. Migrations
newer than the backup apply at the next start. On PostgreSQL use pg_restore (docs/DEPLOY.md, section 7).`,
  options: {},
  positionals: { min: 1, max: 1 },
});
const backupFile = path.resolve(positionals[0]!);

// Loaded once the command line is right, so that --help answers at once.
const [{ loadConfig }, { createPglite }, { lockDataDirForTool }, { makeDataDirPrivate }, { backupName }] = await Promise.all([
  import('../config'),
  import('../db/create-pglite'),
  import('./support/lock-for-tool'),
  import('../db/private-data-dir'),
  import('../db/backup'),
]);

const config = loadConfig();
const target = config.database.kind === 'pglite' ? config.database.dataDir : null;
if (!target) {
  console.error('The store runs on PostgreSQL (DATABASE_URL): restore a pg_dump with pg_restore, as docs/DEPLOY.md (section 7) shows.');
  process.exit(EXIT.failed);
}
const tarball = await readFile(backupFile).catch((error: NodeJS.ErrnoException) => {
  console.error(`Cannot read ${backupFile}: ${error.code ?? error.message}.`);
  process.exit(EXIT.failed);
});
await makeDataDirPrivate(config.dataDir);
const release = await lockDataDirForTool(config, 'Stop the store first: a restore replaces the database it has open.');
try {
  process.exitCode = (await restore(target)) ? EXIT.ok : EXIT.failed;
} finally {
  await release?.();
}

/** Unpacks and opens the backup beside the database, then swaps the two folders. False: nothing was changed. */
async function restore(target: string): Promise<boolean> {
  const stamp = backupName();
  const staging = `${target}.restoring-${stamp}`;
  const aside = `${target}.before-restore-${stamp}`;
  let counts: { users: number; tools: number };
  try {
    // In this thread: nothing else runs here, and the worker would unpack the tarball twice (a new folder).
    const pg = await createPglite({ dataDir: staging, loadDataDir: new Blob([tarball]) });
    try {
      const { rows } = await pg.query<{ users: number; tools: number }>(
        'select (select count(*) from "user")::int as users, (select count(*) from tools)::int as tools',
      );
      counts = rows[0]!;
    } finally {
      await pg.close();
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    console.error(`${backupFile} is not a backup of this store's database (${(error as Error).message}). Nothing was changed.`);
    return false;
  }
  const hadDatabase = await stat(target).then(
    () => true,
    () => false,
  );
  if (hadDatabase) await rename(target, aside);
  await rename(staging, target);
  await makeDataDirPrivate(config.dataDir);
  console.log(`Restored ${backupFile} into ${target} (accounts: ${counts.users}, tools: ${counts.tools}).`);
  if (hadDatabase) console.log(`The database it replaced is in ${aside}: delete it once the restored store looks right.`);
  return true;
}
