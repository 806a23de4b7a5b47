import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { lockDataDir } from '../data-dir-lock';
import { migrateDatabase } from '../migrate';
import { seedIfEmpty } from '../seed';

/** `npm run db:seed`: migrates, then seeds the demo catalogue into an empty store. */
const config = loadConfig();
const release = config.database.kind === 'pglite' ? await lockDataDir(config.dataDir, () => process.exit(1)) : null;
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
