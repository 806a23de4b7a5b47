import { readCommandLine } from '../lib/command-line';

readCommandLine({
  name: 'migrate',
  script: 'db:migrate',
  synopsis: '',
  description: `Applies pending migrations to the configured database (DATABASE_URL, else the embedded
database under DATA_DIR) without starting the server. On PostgreSQL it may run while the store runs
(docs/DEPLOY.md, section 3); the embedded database's folder must not be in use by a running store.`,
  options: {},
  positionals: { min: 0, max: 0 },
});

// Loaded once the command line is right, so that --help answers at once.
const [{ loadConfig }, { openDatabase }, { lockDataDirForTool }, { migrateDatabase }] = await Promise.all([
  import('../config'),
  import('../db/client'),
  import('./support/lock-for-tool'),
  import('../db/migrate'),
]);
const config = loadConfig();
const release = await lockDataDirForTool(config, 'Stop the store first: it migrates the database itself at every start.');
const handle = await openDatabase(config.database);
try {
  await migrateDatabase(handle);
  console.log(`Migrated the ${handle.kind} database.`);
} finally {
  await handle.close();
  await release?.();
}
