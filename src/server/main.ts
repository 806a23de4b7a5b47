import { buildApp } from './app';
import type { CreatedAdmin } from './accounts/first-admin';
import { loadConfig, retiredSettingsIn } from './config';
import { formatStartBanner } from './start-banner';

/** Entry point: read the environment, listen, say where the store is, and shut down gracefully. Nothing else. */
async function main() {
  const config = loadConfig();
  let createdAdmin: CreatedAdmin | null = null;
  const app = await buildApp(config, { onAdminCreated: (admin) => (createdAdmin = admin) });
  for (const notice of retiredSettingsIn(process.env)) app.log.warn(notice);

  let closing = false;
  const shutdown = async (reason: string) => {
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
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  if (config.exitWithStdin) {
    process.stdin.on('end', () => void shutdown('stdin closed')).resume();
  }

  const address = await app.listen({ port: config.port, host: config.host });
  process.stdout.write(
    formatStartBanner({
      address,
      publicUrl: config.auth.publicUrl,
      database: config.database,
      createdAdmin,
      mail: config.mail,
      emailVerification: config.auth.emailVerification,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
