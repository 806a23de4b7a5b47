import { readCommandLine } from '../lib/command-line';

readCommandLine({
  name: 'seed',
  script: 'db:seed',
  synopsis: '',
  description: `Migrates the configured database, then fills an empty store with the demo catalogue and
its reviews. A store that has any tool is left as it is. The embedded database's folder must not be
in use by a running store.`,
  options: {},
  positionals: { min: 0, max: 0 },
});

// Loaded once the command line is right, so that --help answers at once.
const [{ loadConfig }, { openDatabase }, { lockDataDirForTool }, { migrateDatabase }, { seedIfEmpty }] = await Promise.all([
  import('../config'),
  import('../db/client'),
  import('./support/lock-for-tool'),
  import('../db/migrate'),
  import('../seed/seed'),
]);
const config = loadConfig();
const release = await lockDataDirForTool(config, 'Stop the store first: it seeds an empty store itself at start.');
const handle = await openDatabase(config.database);
try {
  let result = { tools: 0, reviews: 0 };
  await migrateDatabase(handle, async () => {
    result = await seedIfEmpty(handle.db);
  });
  console.log(`Seeded ${result.tools} tools and ${result.reviews} reviews.`);
} finally {
  await handle.close();
  await release?.();
}
