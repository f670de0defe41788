import type { Kysely } from 'kysely';
import {
  normaliseContentPath,
  saveContentPageSchema,
  type ContentPageData,
  type SaveContentPageInput,
} from '@shop/shared/contracts/content';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import type { AppContext } from '../../app-context';
import { readDatabase } from '../../db/read-replicas';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { sanitizeContentHtml, sanitizePlainText } from '../../lib/html-sanitizer';
import * as repo from './content.repository';

/** `GET /api/contents/{path}`: the page in the language, else in hu; NOT_FOUND when there is none. */
export async function getContentPage(
  ctx: AppContext,
  rawPath: string,
  language: Language,
): Promise<ContentPageData> {
  const path = normaliseContentPath(rawPath);
  if (path.length === 0) throw new AppError('NOT_FOUND');
  const rows = await repo.findPageTexts(readDatabase(ctx).db, path, language);
  const row = rows.find((r) => r.language === language) ?? rows.find((r) => r.language === DEFAULT_LANGUAGE);
  if (!row) throw new AppError('NOT_FOUND');
  return { title: row.title, description: row.description };
}

/**
 * Saves a content page (the demo seed, later the back office): the path and sort order, and the
 * given languages' texts. The HTML is sanitised here, before it is stored (lib/html-sanitizer.ts),
 * and the title becomes plain text. Languages not given keep their stored text. A bad input throws
 * ERR_VALIDATION and changes nothing. Pass a transaction to save it with other changes.
 */
export async function saveContentPage(
  db: Kysely<Database>,
  input: SaveContentPageInput,
  now: Date,
): Promise<{ id: number; path: string }> {
  const parsed = saveContentPageSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('ERR_VALIDATION', { field: issue ? issue.path.join('.') : 'page' });
  }
  const { path, sortOrder, translations } = parsed.data;
  const texts = LANGUAGES.flatMap((language) => {
    const text = translations[language];
    if (!text) return [];
    const title = sanitizePlainText(text.title);
    if (title.length === 0) throw new AppError('ERR_VALIDATION', { field: `translations.${language}.title` });
    return [{ language, title, description: sanitizeContentHtml(text.description) }];
  });
  const write = async (trx: Kysely<Database>) => {
    const id = await repo.upsertPage(trx, path, sortOrder, now.toISOString());
    for (const text of texts)
      await repo.upsertTranslation(trx, id, text.language, text.title, text.description);
    return { id, path };
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}
