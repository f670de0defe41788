import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { createDatabase, type DatabaseHandle } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './app';
import { createMailer } from './lib/mailer';
import { seedDemoIfEmpty } from './seed/demo-seed';

async function waitForDatabase(database: DatabaseHandle, log: (msg: string) => void): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (await database.ping()) return;
    const delay = Math.min(10_000, 500 * attempt);
    log(`database not reachable (attempt ${attempt}); retrying in ${delay} ms`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const database = createDatabase(config.database);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: (m) => app.log.info(m),
  });
  const ctx = { config, database, mailer, now: () => new Date() };
  const app = await buildApp(ctx);

  await waitForDatabase(database, (m) => app.log.warn(m));
  const applied = await migrateToLatest(database.db);
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
  const seeded = await seedDemoIfEmpty(ctx);
  if (seeded) app.log.info(seeded, 'demo data seeded');

  app.addHook('onClose', async () => {
    mailer.close();
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    app
      .close()
      .then(() => {
        app.log.info('shut down cleanly');
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`shop at ${config.publicUrl} (database: ${database.dialect})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
