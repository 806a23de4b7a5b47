import { buildApp } from './app';
import type { CreatedAdmin } from './accounts/first-admin';
import { loadConfig, retiredSettingsIn } from './config';
import { firstAdminPasswordPlace, formatStartBanner } from './start-banner';
import { makeDataDirPrivate, writeFirstAdminPassword } from './db/private-data-dir';
import { startBackupService, type BackupService } from './db/backup';
import { shutdownDeadlineMs } from './shutdown-deadline';
import { seedIfEmpty } from './seed/seed';
import { compileEmbeddedDatabaseOptimisedOnly } from './db/embedded-code-tier';
import { collectGarbageSoonerInEmbeddedStore, collectTheStartsGarbageNow } from './db/embedded-heap-growth';
import { giveBackFreedMemory } from './lib/give-back-freed-memory';

/** Entry point: read the environment, listen, say where the store is, and shut down gracefully. Nothing else. */
async function main() {
  const config = loadConfig();
  await makeDataDirPrivate(config.dataDir);
  giveBackFreedMemory();
  if (config.database.kind === 'pglite') {
    compileEmbeddedDatabaseOptimisedOnly();
    collectGarbageSoonerInEmbeddedStore();
  }
  let createdAdmin: CreatedAdmin | null = null;
  // The embedded database's worker died: nothing comes back in this process, so it stops and its
  // supervisor starts a fresh one, which recovers the data folder (decision 025). Gracefully once
  // the app can shut down, at once before.
  let stopForLostDatabase = (): void => process.exit(1);
  const app = await buildApp(config, {
    onAdminCreated: (admin) => (createdAdmin = admin),
    onDatabaseLost: () => stopForLostDatabase(),
    // A new store starts with the demo catalogue (once in its life: seed/seed.ts).
    seed: seedIfEmpty,
  });
  // Ready before it listens: the database open, the first admin made (app.ts, decision 031)...
  await app.ready();
  // ...then the folder tightened again, now that the embedded database has made its files (PGlite makes them 0666).
  await makeDataDirPrivate(config.dataDir);
  if (config.database.kind === 'pglite') collectTheStartsGarbageNow();
  for (const notice of retiredSettingsIn(process.env)) app.log.warn(notice);
  if (config.payments.provider === 'test') app.log.warn('payments are in test mode: the built-in test processor charges nothing and its orders count as paid');

  // `npm run backup` asks for a snapshot of the embedded database with SIGUSR2 (db/backup.ts).
  // Handled on PostgreSQL too: unhandled, the signal would end the process.
  const dumpDataDir = app.database.dumpDataDir;
  const backups: BackupService | null = dumpDataDir && config.database.kind === 'pglite' ? await startBackupService(config.dataDir, dumpDataDir, app.log) : null;
  process.on('SIGUSR2', () => {
    if (backups) backups.answerRequests();
    else app.log.warn('SIGUSR2 asks for a backup of the embedded database; on PostgreSQL use pg_dump');
  });

  let closing = false;
  const deadlineMs = shutdownDeadlineMs(config.timeouts.requestMs);
  const shutdown = async (reason: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, 'shutting down: finishing in-flight requests');
    // A stuck request must not keep the process alive forever; one still arriving gets its
    // REQUEST_TIMEOUT_SECONDS (docs/DEPLOY.md sets the supervisor's stop timeout above this).
    const force = setTimeout(() => {
      app.log.error(`forced exit after ${deadlineMs / 1000} s`);
      process.exit(1);
    }, deadlineMs);
    force.unref();
    try {
      // A backup being written finishes before the database closes under it.
      await backups?.stop();
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
  if (admin?.generatedPassword) app.log.warn({ email: admin.email, passwordFile }, firstAdminPasswordPlace(passwordFile));
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
