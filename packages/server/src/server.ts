import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { createDatabase, describeTarget, type DatabaseHandle } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { ReadReplicas } from './db/read-replicas';
import { withStartupLock } from './db/startup-lock';
import { buildApp } from './app';
import { createLogDestination, ignoreClosedStdio } from './lib/log-destination';
import { createMailer } from './lib/mailer';
import { createStartupState, type StartupState } from './lib/startup-state';
import { seedDemoIfEmpty } from './seed/demo-seed';

/**
 * Waits until the database answers, logging every failed attempt with the address (password
 * hidden) and the reason, and keeping the reason in the start-up state that /api/ready shows.
 */
async function waitForDatabase(
  database: DatabaseHandle,
  where: string,
  startup: StartupState,
  log: { info(msg: string): void; warn(obj: object, msg: string): void },
  stopped: () => boolean,
): Promise<boolean> {
  for (let attempt = 1; !stopped(); attempt += 1) {
    const problem = await database.probe();
    if (problem === null) {
      if (attempt > 1) log.info(`database reachable at ${where} after ${attempt} attempts`);
      return true;
    }
    const delay = Math.min(5_000, 500 * attempt);
    startup.reason = `database not reachable: ${problem}`;
    log.warn(
      { attempt, retryInMs: delay, database: where, reason: problem },
      `database not reachable at ${where} (${problem}); attempt ${attempt}, retrying in ${delay} ms; ` +
        '/api/ready answers 503 until it is reachable',
    );
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  return false;
}

/** The longest a stop may take: in-flight requests get this long, then the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 15_000;

async function main(): Promise<void> {
  ignoreClosedStdio();
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
  const where = describeTarget(config.database);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: (m) => app.log.info(m),
  });
  // Read replicas (db/read-replicas.ts): checked from the start, used once healthy.
  const replicas =
    config.replicas.urls.length > 0
      ? new ReadReplicas(database, config.replicas.urls, {
          maxLagMs: config.replicas.maxLagMs,
          onChange: (status) =>
            status.healthy
              ? app.log.info({ replica: status.url, lagMs: status.lagMs }, 'read replica in use')
              : app.log.warn(
                  { replica: status.url, problem: status.problem },
                  `read replica skipped: ${status.problem ?? 'unknown'}`,
                ),
        })
      : undefined;
  const ctx = { config, database, replicas, mailer, now: () => new Date() };
  const startup = createStartupState('starting');
  startup.reason = 'connecting to the database';
  const app = await buildApp(ctx, {
    startup,
    logger: { level: config.logLevel, stream: createLogDestination() },
  });

  app.addHook('onClose', async () => {
    mailer.close();
    await replicas?.close();
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // Armed before anything is logged, and kept referenced: the deadline holds whatever the close
    // or the log destination does (a failed log write never blocks, see lib/log-destination.ts).
    setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    startup.phase = 'stopping';
    startup.reason = `${signal} received`;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
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

  // Listen first: /api/health answers at once, /api/ready says 503 until the database is there.
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`listening at ${config.publicUrl}; waiting for the database at ${where}`);

  if (!(await waitForDatabase(database, where, startup, app.log, () => closing))) return;
  if (closing) return;
  startup.reason = 'migrating';
  try {
    await withStartupLock(database, async () => {
      const applied = await migrateToLatest(database.db);
      if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
      const seeded = await seedDemoIfEmpty(ctx);
      if (seeded) app.log.info(seeded, 'demo data seeded');
    });
  } catch (error) {
    app.log.fatal({ err: error }, 'migration failed; stopping');
    await app.close().catch(() => undefined);
    process.exit(1);
  }
  if (closing) return;
  await replicas?.start();
  startup.phase = 'ready';
  startup.reason = undefined;
  app.log.info(`shop ready at ${config.publicUrl} (database: ${database.dialect})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
