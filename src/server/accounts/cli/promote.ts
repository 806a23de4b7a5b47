import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { lockDataDir } from '../../db/data-dir-lock';
import { migrateDatabase } from '../../db/migrate';
import { promoteToAdmin } from '../users-repository';

/** `npm run promote -- <email>`: makes an existing user an admin, from the shell. */
const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run promote -- <email>');
  process.exit(2);
}
const config = loadConfig();
let release: (() => Promise<void>) | null = null;
try {
  // The embedded database belongs to one process: this refuses while the server holds the folder.
  release = config.database.kind === 'pglite' ? await lockDataDir(config.dataDir, () => process.exit(1)) : null;
} catch (error) {
  console.error(`${(error as Error).message}\nWhile the server runs, an admin can promote users on the Manage Users page.`);
  process.exit(1);
}
const handle = await openDatabase(config.database);
try {
  await migrateDatabase(handle);
  const result = await promoteToAdmin(handle.db, email);
  if (!result.found) {
    console.error(`No user with the email ${email}. They must sign up first.`);
    process.exitCode = 1;
  } else {
    console.log(result.modified ? `${email} is now an admin.` : `${email} was already an admin.`);
  }
} finally {
  await handle.close();
  await release?.();
}
