import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../bench/bench-lib';
import {
  buyerLoop,
  checkShop,
  newLedger,
  prepareShop,
  seededRandom,
  ShopProcess,
  sleep,
  sqliteIntegrity,
} from '../bench/reliability-kit';
import { createDatabase } from '../src/db/connection';
import { MIGRATION_NAMES } from '../src/db/migrate';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './test-db';
import { useServerBuild } from './server-build';

const build = useServerBuild();

function runCli(
  cliJs: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, [cliJs, ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.each(TEST_DIALECTS)('npm run backup on %s while the shop takes orders', (dialect) => {
  it('copies every order committed before it began, consistently, and the shop runs on the copy', async () => {
    const testDb = await createTestDatabase(dialect);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'backup-'));
    let restored: TestDatabase | undefined;
    const shops: ShopProcess[] = [];
    try {
      const fixture = await prepareShop(testDb.handle, { buyers: 6, products: 4, hotStock: 40 });
      const shop = await ShopProcess.start({
        serverJs: build.serverJs,
        databaseUrl: testDb.url,
        dataDir,
        jwtSecret: fixture.jwtSecret,
        env: { LOG_LEVEL: 'warn' },
      });
      shops.push(shop);
      const ledger = newLedger();
      let stop = false;
      const buyers = fixture.buyers.map((buyer) =>
        buyerLoop(buyer, {
          urls: () => [shop.url],
          fixture,
          ledger,
          stop: () => stop,
          random: seededRandom(100 + buyer.index),
        }),
      );
      try {
        while (ledger.acknowledged.length < 40) await sleep(5);
        // Every order answered before the backup starts must be in the copy.
        const before = ledger.acknowledged.map((o) => o.orderId);
        const answeredBefore = ledger.answered;
        const backup = await runCli(build.cliJs, ['backup'], {
          DATABASE_URL: testDb.url,
          DATA_DIR: dataDir,
        });
        expect(backup.code, backup.output).toBe(0);
        // The shop kept serving while the copy was made (and after).
        const during = ledger.answered - answeredBefore;
        const target = ledger.acknowledged.length + 10;
        while (ledger.acknowledged.length < target) await sleep(5);
        stop = true;
        await Promise.all(buyers);
        expect(ledger.unexpected).toEqual([]);
        expect(during).toBeGreaterThan(0);

        const match = /backup written to (\S+) \(/.exec(backup.output);
        expect(match, backup.output).not.toBeNull();
        const file = match![1]!;
        expect(path.dirname(file)).toBe(path.join(dataDir, 'backups'));
        expect(path.basename(file)).toMatch(
          dialect === 'sqlite' ? /^shop-\d{4}-\d\d-\d\dT[\d-]+Z\.sqlite$/ : /^shop-.*Z\.dump$/,
        );
        expect(existsSync(`${file}.partial`)).toBe(false);

        // Restore: SQLite runs on the copy itself; PostgreSQL restores the dump into a new database.
        let restoredUrl: string;
        if (dialect === 'sqlite') {
          restoredUrl = `sqlite:${file}`;
        } else {
          restored = await createTestDatabase('postgres', { migrate: false });
          const result = await new Promise<{ code: number | null; err: string }>((resolve) => {
            let err = '';
            const child = spawn('pg_restore', ['--no-owner', `--dbname=${restored!.url}`, file], {
              stdio: ['ignore', 'ignore', 'pipe'],
            });
            child.stderr.on('data', (d: Buffer) => (err += d.toString()));
            child.on('exit', (code) => resolve({ code, err }));
          });
          expect(result.code, result.err).toBe(0);
          restoredUrl = restored.url;
        }
        await shop.stop('SIGTERM');
        const onCopy = await ShopProcess.start({
          serverJs: build.serverJs,
          databaseUrl: restoredUrl,
          dataDir: mkdtempSync(path.join(tmpdir(), 'restored-')),
          jwtSecret: fixture.jwtSecret,
          env: { LOG_LEVEL: 'warn' },
        });
        shops.push(onCopy);
        // The buyers see their orders in the history served from the copy.
        const seen = new Set<number>();
        for (const buyer of fixture.buyers) {
          const res = await fetch(`${onCopy.url}/api/orders/history`, {
            headers: { authorization: `Bearer ${buyer.token}` },
          });
          expect(res.status).toBe(200);
          for (const order of (await res.json()) as { orderId: number }[]) seen.add(order.orderId);
        }
        expect(before.filter((id) => !seen.has(id))).toEqual([]);
        await onCopy.stop('SIGTERM');

        // The copy is consistent: nothing half-written, stock = initial − what its orders took.
        const copy =
          dialect === 'sqlite'
            ? createDatabase({ kind: 'sqlite', file })
            : createDatabase({ kind: 'postgres', url: restoredUrl });
        try {
          const beforeSet = new Set(before);
          const check = await checkShop(copy, fixture, {
            ...ledger,
            acknowledged: ledger.acknowledged.filter((o) => beforeSet.has(o.orderId)),
          });
          expect(check.lost).toEqual([]);
          expect(check.wrongLines).toEqual([]);
          expect(check.ordersWithoutLines).toBe(0);
          expect(check.linesWithoutOrder).toBe(0);
          expect(check.ordersWithoutHistory).toBe(0);
          expect(check.stockMismatches).toEqual([]);
          expect(check.ordersInDatabase).toBeGreaterThanOrEqual(before.length);
          // ... and it is a copy of a moment: later orders are not in it.
          expect(check.ordersInDatabase).toBeLessThan(ledger.acknowledged.length);
          expect(await sqliteIntegrity(copy)).toEqual({ integrity: 'ok', fkErrors: 0 });
        } finally {
          await copy.close();
        }
      } finally {
        stop = true;
        await Promise.all(buyers);
      }
    } finally {
      for (const s of shops) if (s.running) await s.stop('SIGKILL');
      await restored?.drop();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe.each(TEST_DIALECTS)('the migrate and backup commands on %s', (dialect) => {
  it('migrate applies the pending migrations once; backup refuses an unknown option', async () => {
    const testDb = await createTestDatabase(dialect, { migrate: false });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'migrate-'));
    try {
      const env = { DATABASE_URL: testDb.url, DATA_DIR: dataDir };
      const first = await runCli(build.cliJs, ['migrate'], env);
      expect(first.code, first.output).toBe(0);
      expect(first.output).toContain(`migrations applied: ${MIGRATION_NAMES.join(', ')}`);
      const second = await runCli(build.cliJs, ['migrate'], env);
      expect(second.output).toContain('database up to date');
      const bad = await runCli(build.cliJs, ['backup', '--into', 'x'], env);
      expect(bad.code).toBe(2);
      expect(bad.output).toContain('Unknown option --into');
    } finally {
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
