import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { backupDatabase } from './db/backup';
import { createDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { withStartupLock } from './db/startup-lock';
import { createMailer } from './lib/mailer';
import { runDemoSeed } from './seed/demo-seed';
import { runLargeSeed } from './seed/large-seed';
import type { AppContext } from './app-context';

const USAGE = `Usage:
  npm run seed [-- --reset]                 seed the demo data (--reset wipes the database first)
  npm run seed:large [-- --products N]      add N generated products (default 100000) for benchmarks
  npm run admin -- approve EMAIL            approve a registration (the customer gets a mail)
  npm run admin -- reject EMAIL REASON      reject a registration
  npm run migrate                           apply the pending migrations (the server also does at start)
  npm run backup [-- --to FILE]             consistent online copy of the database (SQLite: VACUUM INTO;
                                            PostgreSQL: pg_dump) into DATA_DIR/backups/shop-<time>.sqlite|.dump`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (command === 'backup') {
    // No migration, no second handle: the copy is made on a connection of its own.
    let to: string | undefined;
    for (let i = 0; i < args.length; i += 1) {
      if (args[i] === '--to' && args[i + 1]) {
        to = args[i + 1];
        i += 1;
      } else fail(`Unknown option ${args[i]}\n${USAGE}`);
    }
    const result = await backupDatabase(config.database, config.dataDir, to);
    const size = `${(result.bytes / 1024 / 1024).toFixed(1)} MiB`;
    const orders = result.orders === null ? '' : `, ${result.orders} orders`;
    console.log(`backup written to ${result.file} (${size}${orders}, ${result.ms} ms)`);
    return;
  }
  const database = createDatabase(config.database);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: (m) => console.log(m),
  });
  const ctx: AppContext = { config, database, mailer, now: () => new Date() };
  try {
    // Under the start-up lock, so a migration from here never runs beside a starting server's.
    const applied = await withStartupLock(database, () => migrateToLatest(database.db));
    switch (command) {
      case 'migrate': {
        if (args.length) fail(`Unknown option ${args[0]}\n${USAGE}`);
        console.log(applied.length ? `migrations applied: ${applied.join(', ')}` : 'database up to date');
        break;
      }
      case 'seed': {
        const unknown = args.filter((a) => a !== '--reset');
        if (unknown.length) fail(`Unknown option ${unknown[0]}\n${USAGE}`);
        const counts = await runDemoSeed(database.db, {
          dataDir: config.dataDir,
          reset: args.includes('--reset'),
        });
        console.log('demo data seeded:', counts);
        break;
      }
      case 'seed-large': {
        let products = 100_000;
        for (let i = 0; i < args.length; i += 1) {
          if (args[i] === '--products') {
            const value = Number(args[i + 1]);
            if (!Number.isInteger(value) || value < 1 || value > 2_000_000)
              fail('--products takes a whole number from 1 to 2000000');
            products = value;
            i += 1;
          } else fail(`Unknown option ${args[i]}\n${USAGE}`);
        }
        const started = Date.now();
        const counts = await runLargeSeed(database.db, { products, dataDir: config.dataDir });
        console.log(`large catalogue seeded in ${((Date.now() - started) / 1000).toFixed(1)} s:`, counts);
        break;
      }
      case 'admin': {
        const { runAdminCommand } = await import('./cli/admin-command');
        await runAdminCommand(ctx, args);
        break;
      }
      default:
        fail(USAGE);
    }
  } finally {
    mailer.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
