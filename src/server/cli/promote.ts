import { EXIT, readCommandLine } from '../lib/command-line';

const { positionals } = readCommandLine({
  name: 'promote',
  script: 'promote',
  synopsis: '<email>',
  description: `Makes an existing user an admin, from the shell. They must have signed up first.
On the embedded database, stop the store first (it holds the data folder); while it runs, an
admin can promote users on the Manage Users page. On PostgreSQL it works while the store runs.`,
  options: {},
  positionals: { min: 1, max: 1 },
});
const email = positionals[0]!.trim().toLowerCase();

// Loaded once the command line is right, so that --help answers at once.
const [{ loadConfig }, { openDatabase }, { lockDataDirForTool }, { migrateDatabase }, { promoteToAdmin }] = await Promise.all([
  import('../config'),
  import('../db/client'),
  import('./support/lock-for-tool'),
  import('../db/migrate'),
  import('../accounts/users-repository'),
]);
const config = loadConfig();
// The embedded database belongs to one process: this refuses while the server holds the folder.
const release = await lockDataDirForTool(config, 'While the server runs, an admin can promote users on the Manage Users page.');
const handle = await openDatabase(config.database);
try {
  await migrateDatabase(handle);
  const result = await promoteToAdmin(handle.db, email);
  if (!result.found) {
    console.error(`No user with the email ${email}. They must sign up first.`);
    process.exitCode = EXIT.failed;
  } else {
    console.log(result.modified ? `${email} is now an admin.` : `${email} was already an admin.`);
  }
} finally {
  await handle.close();
  await release?.();
}
