import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { dropStat4Samples, openSqlite } from './connection';

// SQLite only: sqlite_stat4 is SQLite's own table (PostgreSQL keeps its statistics itself).
describe('SQLite planner statistics', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function analyzedFile(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'stat4-'));
    dirs.push(dir);
    const file = path.join(dir, 'shop.sqlite');
    const raw = new SQLite(file);
    raw.exec('create table items (id integer primary key, sku text not null unique, stock integer not null)');
    const insert = raw.prepare('insert into items (sku, stock) values (?, ?)');
    raw.transaction(() => {
      for (let i = 0; i < 2000; i += 1) insert.run(`SKU${i}`, i % 7);
    })();
    raw.exec('ANALYZE');
    expect((raw.prepare('select count(*) as n from sqlite_stat4').get() as { n: number }).n).toBeGreaterThan(
      0,
    );
    raw.close();
    return file;
  }

  it('opening a database drops the value samples of ANALYZE and keeps its averages', () => {
    const raw = openSqlite(analyzedFile());
    try {
      expect(raw.prepare('select count(*) as n from sqlite_stat4').get()).toEqual({ n: 0 });
      const averages = raw.prepare('select tbl, idx, stat from sqlite_stat1').all() as { tbl: string }[];
      expect(averages.map((row) => row.tbl)).toContain('items');
      // The plan still uses the index, from the averages alone.
      const plan = raw.prepare('explain query plan select stock from items where sku = ?').all('SKU5') as {
        detail: string;
      }[];
      expect(plan.map((row) => row.detail).join(' ')).toMatch(/USING INDEX/);
    } finally {
      raw.close();
    }
  });

  it('dropStat4Samples says whether there was anything to drop', () => {
    const raw = new SQLite(analyzedFile());
    try {
      expect(dropStat4Samples(raw)).toBe(true);
      expect(dropStat4Samples(raw)).toBe(false);
    } finally {
      raw.close();
    }
    const fresh = new SQLite(':memory:');
    expect(dropStat4Samples(fresh)).toBe(false);
    fresh.close();
  });
});
