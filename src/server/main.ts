import { buildApp } from './app';
import type { CreatedAdmin } from './accounts/first-admin';
import { loadConfig, retiredSettingsIn } from './config';
import { formatStartBanner } from './start-banner';
import { makeDataDirPrivate, writeFirstAdminPassword } from './db/private-data-dir';

/** Entry point: read the environment, listen, say where the store is, and shut down gracefully. Nothing else. */
async function main() {
  const config = loadConfig();
  await makeDataDirPrivate(config.dataDir);
  let createdAdmin: CreatedAdmin | null = null;
  // The embedded database's worker died: nothing comes back in this process, so it stops and its
  // supervisor starts a fresh one, which recovers the data folder (decision 025). Gracefully once
  // the app can shut down, at once before.
  let stopForLostDatabase = (): void => process.exit(1);
  const app = await buildApp(config, {
    onAdminCreated: (admin) => (createdAdmin = admin),
    onDatabaseLost: () => stopForLostDatabase(),
  });
  // Again, now that the embedded database has made its files (PGlite makes them 0666).
  await makeDataDirPrivate(config.dataDir);
  for (const notice of retiredSettingsIn(process.env)) app.log.warn(notice);
  if (config.payments.provider === 'test') app.log.warn('payments are in test mode: the built-in test processor charges nothing and its orders count as paid');

  let closing = false;
  const shutdown = async (reason: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, 'shutting down: finishing in-flight requests');
    // A stuck request must not keep the process alive forever.
    const force = setTimeout(() => {
      app.log.error('forced exit after 10 s');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(exitCode);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  stopForLostDatabase = () => void shutdown('the database is gone', 1);
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  if (config.exitWithStdin) {
    process.stdin.on('end', () => void shutdown('stdin closed')).resume();
  }

  const address = await app.listen({ port: config.port, host: config.host });
  // A generated password goes to a terminal when there is one; else (systemd's journal, a
  // container's log) to a file only this user can read, which the banner names.
  const admin = createdAdmin as CreatedAdmin | null;
  const passwordFile =
    admin?.generatedPassword && !process.stdout.isTTY ? await writeFirstAdminPassword(config.dataDir, admin.email, admin.generatedPassword) : null;
  process.stdout.write(
    formatStartBanner({
      address,
      publicUrl: config.auth.publicUrl,
      database: config.database,
      createdAdmin,
      adminPasswordFile: passwordFile,
      mail: config.mail,
      emailVerification: config.auth.emailVerification,
      payments: config.payments,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
