import { createHash } from 'node:crypto';
import type { DatabaseHandle } from '../src/db/connection';

/** Row count and a checksum of every row, per table: what "nothing changed" is compared against. */
export type DataSnapshot = Record<string, { rows: number; checksum: string }>;

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : Buffer.isBuffer(v) ? v.toString('base64') : v,
  );
}

/** Every table of the database (migration bookkeeping aside), rows in a stable order. */
export async function dataSnapshot(database: DatabaseHandle): Promise<DataSnapshot> {
  const tables = (await database.db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
  const snapshot: DataSnapshot = {};
  for (const table of tables) {
    const rows = (await database.db
      .selectFrom(table as never)
      .selectAll()
      .execute()) as Record<string, unknown>[];
    // Numbers come back as numbers on SQLite and sometimes as strings on PostgreSQL; both
    // snapshots of one test are taken on the same database, so the raw values compare fine.
    const lines = rows
      .map((row) => canonical(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))))
      .sort();
    snapshot[table] = {
      rows: rows.length,
      checksum: createHash('sha256').update(lines.join('\n')).digest('hex'),
    };
  }
  return snapshot;
}

/** The tables whose rows differ between two snapshots (empty when nothing changed). */
export function changedTables(before: DataSnapshot, after: DataSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter(
    (name) => before[name]?.checksum !== after[name]?.checksum || before[name]?.rows !== after[name]?.rows,
  );
}
