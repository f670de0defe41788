import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Uploaded newspapers valid on the day (YYYY-MM-DD), the newest first. */
export async function findCurrentUploaded(db: Db, day: string) {
  return db
    .selectFrom('newspapers')
    .select(['id', 'title', 'language', 'valid_from', 'valid_to', 'file_name', 'file_path'])
    .where('valid_from', '<=', day)
    .where('valid_to', '>=', day)
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findNewspaper(db: Db, id: number) {
  return db
    .selectFrom('newspapers')
    .select(['id', 'title', 'language', 'valid_from', 'valid_to', 'file_name', 'file_path'])
    .where('id', '=', id)
    .executeTakeFirst();
}
