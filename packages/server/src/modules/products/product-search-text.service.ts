import type { Kysely } from 'kysely';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { foldForSearch } from '@shop/shared/rules/search-fold';
import type { Database } from '../../db/schema';
import { bumpCatalogueVersion } from './catalogue-version';

/**
 * products.search_text, the one column the product search reads (docs/decisions/0005-search.md):
 *
 *   |<name hu>|<name en>|<name vi>|<name zh>|~<sku>~<barcode>~<barcode>~
 *
 * every part folded with foldForSearch (lower case, no accents, punctuation to single spaces), so
 * it holds only letters, digits and spaces besides the two separators. Names are wrapped in `|`
 * and codes in `~`, which lets one LIKE tell an exact name (`%|kave|%`), a name prefix (`%|kave%`)
 * and an exact code (`%~abc 123~%`) apart. Duplicate names appear once.
 */
export function buildProductSearchText(input: {
  names: readonly string[];
  sku: string;
  barcodes: readonly (string | null)[];
}): string {
  const names = unique(input.names.map(foldForSearch).filter((name) => name.length > 0));
  const codes = unique(
    [input.sku, ...input.barcodes].map((code) => foldForSearch(code ?? '')).filter((c) => c.length > 0),
  );
  return `|${names.join('|')}${names.length > 0 ? '|' : ''}~${codes.join('~')}${codes.length > 0 ? '~' : ''}`;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

const CHUNK = 500;

/**
 * Recomputes search_text of these products from their names (every language), SKU and pack
 * barcodes, and bumps the catalogue version (cached listing counts start over). Call it after
 * any change to a product's names, SKU or pack sizes. Works inside a transaction too.
 */
export async function refreshProductSearchText(
  db: Kysely<Database>,
  productIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(productIds)];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const [products, details, packs] = await Promise.all([
      db.selectFrom('products').select(['id', 'sku', 'search_text']).where('id', 'in', chunk).execute(),
      db
        .selectFrom('product_details')
        .select(['product_id', 'language', 'name'])
        .where('product_id', 'in', chunk)
        .execute(),
      db
        .selectFrom('pack_sizes')
        .select(['product_id', 'barcode'])
        .where('product_id', 'in', chunk)
        .orderBy('product_id')
        .orderBy('pieces')
        .orderBy('id')
        .execute(),
    ]);
    const rank = (language: string) => {
      const index = (LANGUAGES as readonly string[]).indexOf(language);
      return index < 0 ? LANGUAGES.length : index;
    };
    for (const product of products) {
      const names = details
        .filter((d) => d.product_id === product.id)
        .sort((a, b) => rank(a.language) - rank(b.language) || a.language.localeCompare(b.language))
        .map((d) => d.name);
      const barcodes = packs.filter((p) => p.product_id === product.id).map((p) => p.barcode);
      const text = buildProductSearchText({ names, sku: product.sku, barcodes });
      if (text !== product.search_text) {
        await db.updateTable('products').set({ search_text: text }).where('id', '=', product.id).execute();
      }
    }
  }
  if (ids.length > 0) await bumpCatalogueVersion(db, new Date(), ids);
}
