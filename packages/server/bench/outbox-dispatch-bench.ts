/**
 * `npm run bench:outbox`: the outbox's dispatch rate (issue 14) — mails a second to a local SMTP
 * server (smtp-server) and webhooks a second to a local HTTP receiver, on SQLite and PostgreSQL.
 *
 * For each database: N mails are written to the outbox in one transaction, then one dispatcher
 * (the server's, modules/outbox/outbox-dispatcher.ts, default batch 32 and 8 at a time) delivers
 * them; the time from its start until the last is marked sent gives mails/s. The same for N
 * `order.placed` webhook deliveries to one endpoint (signed with standardwebhooks, one HTTP
 * connection each). Every message must arrive exactly once, or the run fails.
 *
 * Options: --count N (500), --only sqlite|postgres. PostgreSQL from BENCH_DATABASE_URL /
 * TEST_DATABASE_URL. Run it on a quiet machine; `--count 20` checks that it works.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { AppContext } from '../src/app-context';
import { loadConfig } from '../src/config';
import { createDatabase, type DatabaseHandle } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { createMailer } from '../src/lib/mailer';
import { OutboxDispatcher } from '../src/modules/outbox/outbox-dispatcher';
import { enqueue } from '../src/modules/outbox/outbox.service';
import { createDelivery, eventBody } from '../src/modules/webhooks/webhook-events';
import { newSecret } from '../src/modules/webhooks/webhooks.service';
import { createTarget, databasesToMeasure, numberOption, onlyOption } from './bench-lib';

const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: (o: object, m: string) => console.error(m, o),
};

interface Row {
  dialect: string;
  kind: 'mail' | 'webhook';
  count: number;
  seconds: number;
  perSecond: number;
  received: number;
}

async function startSmtp(): Promise<{ url: string; ids: string[]; close(): Promise<void> }> {
  const ids: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        ids.push(/^message-id:\s*(\S+)/im.exec(head)?.[1] ?? '');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, ids, close: () => new Promise((r) => server.close(() => r())) };
}

async function startReceiver(): Promise<{ url: string; ids: string[]; close(): Promise<void> }> {
  const ids: string[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      ids.push(String(request.headers['webhook-id']));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    ids,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function pendingCount(database: DatabaseHandle): Promise<number> {
  const row = await database.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '!=', 'sent')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Starts a dispatcher and answers the seconds until nothing is left unsent. */
async function timeDispatch(ctx: AppContext): Promise<number> {
  const dispatcher = new OutboxDispatcher(ctx, { log: quiet });
  const started = performance.now();
  dispatcher.start();
  try {
    for (;;) {
      if ((await pendingCount(ctx.database)) === 0) return (performance.now() - started) / 1000;
      if (performance.now() - started > 600_000) throw new Error('not delivered within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await dispatcher.stop();
  }
}

/**
 * Times the dispatch of the `count` queued messages of one kind; every one must have arrived once
 * (`ids`: the message ids the receiver got), or the run fails.
 */
async function dispatchRow(
  ctx: AppContext,
  dialect: string,
  kind: Row['kind'],
  ids: string[],
  count: number,
): Promise<Row> {
  const seconds = await timeDispatch(ctx);
  if (new Set(ids).size !== count || ids.length !== count) {
    throw new Error(
      `${dialect}: ${ids.length} ${kind}s arrived (${new Set(ids).size} distinct), expected ${count}`,
    );
  }
  return { dialect, kind, count, seconds, perSecond: count / seconds, received: ids.length };
}

async function measureDialect(dialect: 'sqlite' | 'postgres', count: number, pgUrl: string): Promise<Row[]> {
  const target = await createTarget(dialect, pgUrl);
  const smtp = await startSmtp();
  const receiver = await startReceiver();
  const config = loadConfig({
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.databaseUrl,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'x'.repeat(40),
    WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
  });
  const database = createDatabase(
    config.database.kind === 'sqlite'
      ? { kind: 'sqlite', file: config.database.file }
      : { kind: 'postgres', url: config.database.url },
  );
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: config.mailFrom,
    outboxDir: path.join(target.dataDir, 'outbox'),
  });
  const ctx: AppContext = { config, database, mailer, now: () => new Date() };
  try {
    await migrateToLatest(database.db);
    const rows: Row[] = [];

    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i += 1) {
        await enqueue(ctx, trx, {
          kind: 'mail',
          mail: {
            to: `buyer${i}@example.com`,
            subject: `Order ${i}`,
            text: `Order ${i}`,
            html: `<p>Order ${i}</p>`,
          },
        });
      }
    });
    rows.push(await dispatchRow(ctx, dialect, 'mail', smtp.ids, count));

    const now = new Date().toISOString();
    const endpoint = await database.db
      .insertInto('webhook_endpoints')
      .values({
        url: receiver.url,
        events: JSON.stringify(['order.placed']),
        secret: newSecret(),
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'url'])
      .executeTakeFirstOrThrow();
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i += 1) {
        const body = eventBody('order.placed', new Date(), { id: i + 1, status: 'new' });
        await createDelivery(ctx, trx, endpoint, 'order.placed', body);
      }
    });
    rows.push(await dispatchRow(ctx, dialect, 'webhook', receiver.ids, count));
    return rows;
  } finally {
    mailer.close();
    await database.close();
    await smtp.close();
    await receiver.close();
    await target.cleanup();
  }
}

async function main(): Promise<void> {
  const count = numberOption('count', 500, 1, 1_000_000);
  const pgUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const { dialects } = await databasesToMeasure(onlyOption(), pgUrl);
  console.log(
    `outbox dispatch: ${count} messages per kind; ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const rows: Row[] = [];
  for (const dialect of dialects) rows.push(...(await measureDialect(dialect, count, pgUrl)));
  console.log('\n| database | kind | messages | seconds | per second | arrived once |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.dialect} | ${r.kind} | ${r.count} | ${r.seconds.toFixed(2)} | ${r.perSecond.toFixed(0)} | ${r.received} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
