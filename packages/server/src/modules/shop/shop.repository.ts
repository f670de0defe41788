import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function findClosedWindows(db: Db) {
  return db.selectFrom('shop_closed_windows').select(['starts_at', 'ends_at']).orderBy('starts_at').execute();
}

export async function findSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}
