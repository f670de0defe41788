import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { DatabaseTarget } from './connection';

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** Orders in the copy (SQLite), so the operator sees at once that it holds data. */
  orders: number | null;
}

/** `shop-2026-11-21T14-58-03-123Z.sqlite` (or `.dump`): sortable, no characters a file system refuses. */
export function backupFileName(now: Date, extension: 'sqlite' | 'dump'): string {
  return `shop-${now.toISOString().replace(/:/g, '-').replace('.', '-')}.${extension}`;
}

/**
 * A consistent online copy of a SQLite database with `VACUUM INTO`: it reads the whole database
 * inside one read transaction on a connection of its own, so the copy is the database as it was
 * at one instant (every committed order with its lines and stock, nothing half-written), while
 * the shop keeps serving and writing (WAL: readers never block the writer). The copy is written
 * under a temporary name and renamed when complete, then checked with `integrity_check`.
 */
export function backupSqlite(source: string, destination: string): BackupResult {
  const started = performance.now();
  mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('VACUUM INTO ?').run(partial);
  } finally {
    db.close();
  }
  const copy = new SQLite(partial, { readonly: true, fileMustExist: true });
  let orders: number | null = null;
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${String(check)}`);
    const hasOrders = copy
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'orders'")
      .get() as { n: number };
    if (hasOrders.n > 0) orders = (copy.prepare('select count(*) as n from orders').get() as { n: number }).n;
  } finally {
    copy.close();
  }
  renameSync(partial, destination);
  return {
    file: destination,
    bytes: statSync(destination).size,
    ms: Math.round(performance.now() - started),
    orders,
  };
}

/**
 * PostgreSQL: `pg_dump --format=custom` (a consistent snapshot taken in one transaction, the
 * shop keeps running), restorable with `pg_restore`. pg_dump must be on the PATH, at least the
 * server's major version.
 */
export async function backupPostgres(url: string, destination: string): Promise<BackupResult> {
  const started = performance.now();
  mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      'pg_dump',
      ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${url}`],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error('pg_dump is not installed or not on the PATH (see README: Backups)')
          : error,
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump exited ${code}`))));
  }).catch((error: unknown) => {
    rmSync(partial, { force: true });
    throw error;
  });
  renameSync(partial, destination);
  return {
    file: destination,
    bytes: statSync(destination).size,
    ms: Math.round(performance.now() - started),
    orders: null,
  };
}

/** Backs up the configured database into `destination`, or a new named file in `DATA_DIR/backups`. */
export async function backupDatabase(
  target: DatabaseTarget,
  dataDir: string,
  destination: string | undefined,
  now = new Date(),
): Promise<BackupResult> {
  const extension = target.kind === 'sqlite' ? 'sqlite' : 'dump';
  const file = path.resolve(destination ?? path.join(dataDir, 'backups', backupFileName(now, extension)));
  return target.kind === 'sqlite' ? backupSqlite(target.file, file) : backupPostgres(target.url, file);
}
