import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { backupDatabase } from './db/backup';
import { createDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { withStartupLock } from './db/startup-lock';
import { createMailer } from './lib/mailer';
import { runDemoSeed } from './seed/demo-seed';
import { runLargeAccountsSeed, runLargeSeed } from './seed/large-seed';
import type { AppContext } from './app-context';

const USAGE = `Usage:
  npm run seed [-- --reset]                 seed the demo data (--reset wipes the database first)
  npm run seed:large [-- --products N] [--customers N] [--orders N]
                                           add N generated products (default 100000), customers with
                                           a user each and orders over them (default 0) for benchmarks
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
        // Issue 18 point 5: --customers and --orders add the data the back office's lists are measured on.
        const limits = { products: 2_000_000, customers: 1_000_000, orders: 10_000_000 } as const;
        const values: Record<keyof typeof limits, number> = { products: 100_000, customers: 0, orders: 0 };
        for (let i = 0; i < args.length; i += 1) {
          const name = args[i]?.replace(/^--/, '') ?? '';
          if (!args[i]?.startsWith('--') || !(name in limits)) fail(`Unknown option ${args[i]}\n${USAGE}`);
          const key = name as keyof typeof limits;
          const value = Number(args[i + 1]);
          const min = key === 'products' ? 1 : 0;
          if (!Number.isInteger(value) || value < min || value > limits[key])
            fail(`--${key} takes a whole number from ${min} to ${limits[key]}`);
          values[key] = value;
          i += 1;
        }
        const started = Date.now();
        const counts = await runLargeSeed(database.db, {
          products: values.products,
          dataDir: config.dataDir,
        });
        console.log(`large catalogue seeded in ${((Date.now() - started) / 1000).toFixed(1)} s:`, counts);
        if (values.customers > 0 || values.orders > 0) {
          const accountsStarted = Date.now();
          const accounts = await runLargeAccountsSeed(database.db, {
            customers: values.customers,
            orders: values.orders,
          });
          console.log(
            `customers and orders seeded in ${((Date.now() - accountsStarted) / 1000).toFixed(1)} s:`,
            accounts,
          );
        }
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
