import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function findClosedWindows(db: Db) {
  return db.selectFrom('shop_closed_windows').select(['starts_at', 'ends_at']).orderBy('starts_at').execute();
}

/** Several settings in one query: the value of each key that is set. */
export async function findSettings(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...keys])
    .execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function findSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}
