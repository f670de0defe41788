import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The page's texts in the language and in hu (the fallback), if the page exists. */
export async function findPageTexts(db: Db, path: string, language: string) {
  return db
    .selectFrom('content_pages as p')
    .innerJoin('content_page_translations as t', 't.page_id', 'p.id')
    .select(['t.language', 't.title', 't.description'])
    .where('p.path', '=', path)
    .where('t.language', 'in', [...new Set([language, 'hu'])])
    .execute();
}

/** Creates or updates the page row; returns its id. */
export async function upsertPage(db: Db, path: string, sortOrder: number, nowIso: string): Promise<number> {
  const row = await db
    .insertInto('content_pages')
    .values({ path, sort_order: sortOrder, updated_at: nowIso })
    .onConflict((oc) => oc.column('path').doUpdateSet({ sort_order: sortOrder, updated_at: nowIso }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates or replaces one language's text of a page. */
export async function upsertTranslation(
  db: Db,
  pageId: number,
  language: string,
  title: string,
  description: string,
): Promise<void> {
  await db
    .insertInto('content_page_translations')
    .values({ page_id: pageId, language, title, description })
    .onConflict((oc) => oc.columns(['page_id', 'language']).doUpdateSet({ title, description }))
    .execute();
}
