import { randomUUID } from 'node:crypto';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import {
  type AdminContentPage,
  type AdminContentPageSummary,
  type AdminNews,
  type AdminNewsSummary,
  type AdminNewspaper,
  type AdminText,
  NEWSPAPER_MAX_BYTES,
  type SaveAdminContentPage,
  type SaveNews,
  type SaveNewspaper,
  type UploadNewspaperQuery,
} from '@shop/shared/contracts/admin-content';
import { LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { sanitizeContentHtml, sanitizePlainText } from '../../lib/html-sanitizer';
import { auditedWrite, found } from '../admin/audited-write';
import * as repo from './admin-content.repository';

type Db = Kysely<Database>;

/**
 * Back-office news, content pages and special-offer newspapers (issue 7). The shop reads all three
 * from the database on every request, so a saved change shows on the next page load.
 */

const audited = auditedWrite;

/** Titles become plain text and descriptions sanitised HTML, language by language (hu first). */
function cleanTexts(translations: Partial<Record<Language, AdminText>>) {
  return LANGUAGES.flatMap((language) => {
    const text = translations[language];
    if (!text) return [];
    const title = sanitizePlainText(text.title);
    if (title.length === 0) throw new AppError('ERR_VALIDATION', { field: `translations.${language}.title` });
    return [{ language, title, description: sanitizeContentHtml(text.description) }];
  });
}

function textsRecord(rows: { language: string; title: string; description: string }[]) {
  const out: Partial<Record<Language, AdminText>> = {};
  for (const language of LANGUAGES) {
    const row = rows.find((r) => r.language === language);
    if (row) out[language] = { title: row.title, description: row.description };
  }
  return out;
}

function titleOf(rows: { language: string; title: string }[]): string {
  return (rows.find((r) => r.language === 'hu') ?? rows[0])?.title ?? '';
}

function languagesOf(rows: { language: string }[]): string[] {
  return LANGUAGES.filter((language) => rows.some((r) => r.language === language));
}

/** For the lists: per record id, the title and the languages of its texts. */
async function textSummaries(db: Db, kind: 'news' | 'page', rows: readonly { id: number }[]) {
  const texts = await repo.findTexts(
    db,
    kind,
    rows.map((r) => r.id),
  );
  return (id: number) => {
    const own = texts.filter((t) => t.owner_id === id);
    return { title: titleOf(own), languages: languagesOf(own) };
  };
}

// News --------------------------------------------------------------------------------------------
type NewsRow = NonNullable<Awaited<ReturnType<typeof repo.findNews>>>;

/** What a news item's list entry and its whole record share. */
function newsFields(row: NewsRow) {
  return { id: row.id, startsAt: row.starts_at, endsAt: row.ends_at, isActive: row.is_active === 1 };
}

export async function listNews(ctx: AppContext): Promise<AdminNewsSummary[]> {
  const rows = await repo.listNews(ctx.database.db);
  const summary = await textSummaries(ctx.database.db, 'news', rows);
  return rows.map((row) => ({
    ...newsFields(row),
    ...summary(row.id),
    productCount: Number(row.product_count ?? 0),
    createdAt: row.created_at,
  }));
}

async function readNews(db: Db, id: number): Promise<AdminNews> {
  const row = found(await repo.findNews(db, id));
  const [texts, products] = await Promise.all([
    repo.findTexts(db, 'news', [id]),
    repo.findNewsProducts(db, id),
  ]);
  return {
    ...newsFields(row),
    translations: textsRecord(texts),
    products: products.map((p) => ({ id: p.id, sku: p.sku, name: p.name ?? p.sku })),
  };
}

export async function getNews(ctx: AppContext, id: number): Promise<AdminNews> {
  return readNews(ctx.database.db, id);
}

const toIso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

export async function saveNews(
  ctx: AppContext,
  actor: AuthUser,
  id: number | null,
  input: SaveNews,
): Promise<AdminNews> {
  const texts = cleanTexts(input.translations);
  const values = {
    starts_at: toIso(input.startsAt),
    ends_at: toIso(input.endsAt),
    is_active: input.isActive ? (1 as const) : (0 as const),
  };
  return audited(ctx, actor, 'news', id === null ? 'create' : 'update', async (trx) => {
    const products = await repo.findProductsBySku(trx, input.productSkus);
    const productIds = input.productSkus.map((sku) => {
      const product = products.find((p) => p.sku === sku);
      if (!product) throw new AppError('ERR_PRODUCT_NOT_FOUND', { sku });
      return product.id;
    });
    const before = id === null ? null : await readNews(trx, id);
    const savedId = id ?? (await repo.insertNews(trx, { ...values, created_at: ctx.now().toISOString() }));
    if (id !== null) await repo.updateNews(trx, id, values);
    await repo.replaceTexts(trx, 'news', savedId, texts);
    await repo.replaceNewsProducts(trx, savedId, productIds);
    const after = await readNews(trx, savedId);
    return { id: savedId, before, after, result: after };
  });
}

/** A news item or a content page as its audited delete sees it: its state before, then its rows. */
interface Deletable {
  entity: 'news' | 'content_page';
  read: (db: Db, id: number) => Promise<unknown>;
  remove: (db: Db, id: number) => Promise<void>;
}

/** Deletes a news item or a content page, audited with its state before (404 for an unknown id). */
async function deleteAudited(ctx: AppContext, actor: AuthUser, id: number, kind: Deletable): Promise<void> {
  await audited(ctx, actor, kind.entity, 'delete', async (trx) => {
    const before = await kind.read(trx, id);
    await kind.remove(trx, id);
    return { id, before, after: null, result: undefined };
  });
}

export async function deleteNews(ctx: AppContext, actor: AuthUser, id: number): Promise<void> {
  await deleteAudited(ctx, actor, id, { entity: 'news', read: readNews, remove: repo.deleteNews });
}

// Content pages -----------------------------------------------------------------------------------
type PageRow = NonNullable<Awaited<ReturnType<typeof repo.findPage>>>;

/** What a content page's list entry and its whole record share. */
function pageFields(row: PageRow) {
  return { id: row.id, path: row.path, sortOrder: Number(row.sort_order), updatedAt: row.updated_at };
}

export async function listPages(ctx: AppContext): Promise<AdminContentPageSummary[]> {
  const rows = await repo.listPages(ctx.database.db);
  const summary = await textSummaries(ctx.database.db, 'page', rows);
  return rows.map((row) => ({ ...pageFields(row), ...summary(row.id) }));
}

async function readPage(db: Db, id: number): Promise<AdminContentPage> {
  const row = found(await repo.findPage(db, id));
  const texts = await repo.findTexts(db, 'page', [id]);
  return { ...pageFields(row), translations: textsRecord(texts) };
}

export async function getPage(ctx: AppContext, id: number): Promise<AdminContentPage> {
  return readPage(ctx.database.db, id);
}

/** Saves a page; its HTML goes through lib/html-sanitizer.ts before it is stored. */
export async function savePage(
  ctx: AppContext,
  actor: AuthUser,
  id: number | null,
  input: SaveAdminContentPage,
): Promise<AdminContentPage> {
  const texts = cleanTexts(input.translations);
  const values = { path: input.path, sort_order: input.sortOrder, updated_at: ctx.now().toISOString() };
  return audited(ctx, actor, 'content_page', id === null ? 'create' : 'update', async (trx) => {
    const before = id === null ? null : await readPage(trx, id);
    const savedId = id ?? (await repo.insertPage(trx, values));
    if (id !== null) await repo.updatePage(trx, id, values);
    await repo.replaceTexts(trx, 'page', savedId, texts);
    const after = await readPage(trx, savedId);
    return { id: savedId, before, after, result: after };
  });
}

export async function deletePage(ctx: AppContext, actor: AuthUser, id: number): Promise<void> {
  await deleteAudited(ctx, actor, id, { entity: 'content_page', read: readPage, remove: repo.deletePage });
}

// Newspapers --------------------------------------------------------------------------------------
const UPLOAD_DIR = path.join('newspapers', 'uploaded');

/** The data folder's file for a stored relative path, refusing paths that leave the folder. */
function dataFile(ctx: AppContext, relative: string): string | null {
  const root = path.resolve(ctx.config.dataDir);
  const file = path.resolve(root, relative);
  return file.startsWith(`${root}${path.sep}`) ? file : null;
}

type NewspaperRow = NonNullable<Awaited<ReturnType<typeof repo.findNewspaper>>>;

async function newspaperOf(ctx: AppContext, row: NewspaperRow): Promise<AdminNewspaper> {
  const file = dataFile(ctx, row.file_path);
  const size = file
    ? await stat(file).then(
        (s) => s.size,
        () => null,
      )
    : null;
  return {
    id: row.id,
    title: row.title,
    language: row.language,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    fileName: row.file_name,
    size,
    createdAt: row.created_at,
    downloadPath: `/newspapers/${row.id}/download`,
  };
}

export async function listNewspapers(ctx: AppContext): Promise<AdminNewspaper[]> {
  const rows = await repo.listNewspapers(ctx.database.db);
  return Promise.all(rows.map((row) => newspaperOf(ctx, row)));
}

/**
 * A PDF starts with `%PDF-` (a few bytes of junk before it are tolerated by readers, up to 1024) and
 * ends with `%%EOF` (possibly followed by white space). Both are checked; the size limit is enforced
 * by the route's body limit and again here.
 */
export function looksLikePdf(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).toString('latin1');
  if (!head.includes('%PDF-')) return false;
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
  return /%%EOF\s*$/.test(tail);
}

export async function uploadNewspaper(
  ctx: AppContext,
  actor: AuthUser,
  meta: UploadNewspaperQuery,
  body: Buffer,
): Promise<AdminNewspaper> {
  if (body.length > NEWSPAPER_MAX_BYTES)
    throw new AppError('ERR_FILE_TOO_LARGE', { max: NEWSPAPER_MAX_BYTES });
  if (!looksLikePdf(body)) throw new AppError('ERR_NOT_A_PDF');
  const relative = path.join(UPLOAD_DIR, `${randomUUID()}.pdf`);
  const file = path.join(ctx.config.dataDir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  // Written under a temporary name and renamed, so a reader never sees half a file.
  const temporary = `${file}.part`;
  await writeFile(temporary, body);
  await rename(temporary, file);
  const fileName = sanitizePlainText(meta.fileName).replace(/["\\/\r\n]/g, '_') || 'newspaper.pdf';
  try {
    return await audited(ctx, actor, 'newspaper', 'create', async (trx) => {
      const id = await repo.insertNewspaper(trx, {
        title: sanitizePlainText(meta.title) || meta.title,
        language: meta.language,
        valid_from: meta.validFrom,
        valid_to: meta.validTo,
        file_name: fileName,
        file_path: relative,
        created_at: ctx.now().toISOString(),
      });
      const after = await newspaperOf(ctx, found(await repo.findNewspaper(trx, id)));
      return { id, before: null, after, result: after };
    });
  } catch (error) {
    await unlink(file).catch(() => undefined);
    throw error;
  }
}

export async function updateNewspaper(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  input: SaveNewspaper,
): Promise<AdminNewspaper> {
  return audited(ctx, actor, 'newspaper', 'update', async (trx) => {
    const before = await newspaperOf(ctx, found(await repo.findNewspaper(trx, id)));
    await repo.updateNewspaper(trx, id, {
      title: sanitizePlainText(input.title) || input.title,
      language: input.language,
      valid_from: input.validFrom,
      valid_to: input.validTo,
    });
    const after = await newspaperOf(ctx, found(await repo.findNewspaper(trx, id)));
    return { id, before, after, result: after };
  });
}

/** Deletes the row, then its file (a file left behind by a crash harms nobody). */
export async function deleteNewspaper(ctx: AppContext, actor: AuthUser, id: number): Promise<void> {
  const filePath = await audited(ctx, actor, 'newspaper', 'delete', async (trx) => {
    const row = found(await repo.findNewspaper(trx, id));
    const before = await newspaperOf(ctx, row);
    await repo.deleteNewspaper(trx, id);
    return { id, before, after: null, result: row.file_path };
  });
  const file = dataFile(ctx, filePath);
  if (file) await unlink(file).catch(() => undefined);
}
