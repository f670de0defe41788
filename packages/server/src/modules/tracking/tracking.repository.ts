import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function insertPageView(
  db: Db,
  view: { path: string; language: string; userId: number | null; createdAt: string },
): Promise<void> {
  await db
    .insertInto('page_views')
    .values({ path: view.path, language: view.language, user_id: view.userId, created_at: view.createdAt })
    .execute();
}

/** Deletes the page views recorded before the instant; returns how many. */
export async function deletePageViewsBefore(db: Db, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('page_views').where('created_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}
