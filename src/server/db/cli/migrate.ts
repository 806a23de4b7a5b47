import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { lockDataDir } from '../data-dir-lock';
import { migrateDatabase } from '../migrate';

/** `npm run db:migrate`: applies migrations to the configured database without starting the server. */
const config = loadConfig();
const release = config.database.kind === 'pglite' ? await lockDataDir(config.dataDir, () => process.exit(1)) : null;
const handle = await openDatabase(config.database);
try {
  await migrateDatabase(handle);
  console.log(`Migrated the ${handle.kind} database.`);
} finally {
  await handle.close();
  await release?.();
}
