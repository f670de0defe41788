import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { foldForSearch } from '@shop/shared/rules/search-fold';
import { queryPlans } from '../../../test/query-plans';
import { callAs, type AdminWorld } from '../../../test/admin-fixtures';
import { TEST_DIALECTS } from '../../../test/test-db';
import { largeCatalogueWorld, productListQuery } from './admin-product-list-test-setup';
import { listProductRows, type ProductListFilter } from './admin-products.repository';
import { getProduct, saveProduct } from './admin-products.service';

/**
 * The back office's barcode search (issue 18 point 5, docs/decisions/0023): a word of 8 or more digits
 * finds the products whose barcode starts with it and those whose SKU or name contains it; a barcode
 * that only contains it further in is not found. Shorter digit words keep the substring meaning.
 */

const NOW = new Date('2026-11-20T10:00:00.000Z');

interface Known {
  id: number;
  isActive: boolean;
  /** search_text without the barcodes: folded names and the SKU. */
  namesAndSku: string;
  searchText: string;
  barcodes: string[];
}

describe.each(TEST_DIALECTS)('back-office barcode search on %s', (dialect) => {
  let known: Known[];
  let skuProduct: number;
  let nameProduct: number;
  const addProducts = async (world: AdminWorld) => {
    const db = world.ctx.database.db;
    const first = await db.selectFrom('products').select('id').orderBy('sku').executeTakeFirstOrThrow();
    const { id: _id, createdAt: _c, updatedAt: _u, ...template } = await getProduct(world.ctx, first.id);
    const actor = live().callers.adminUser.id;
    const packs = template.packSizes.map((pack) => ({ ...pack, barcode: null }));
    skuProduct = (
      await saveProduct(world.ctx, actor, null, { ...template, sku: 'ZX-59900021-A', packSizes: packs })
    ).id;
    nameProduct = (
      await saveProduct(world.ctx, actor, null, {
        ...template,
        sku: 'ZX-NAME-1',
        details: template.details.map((d) =>
          d.language === 'hu' ? { ...d, name: 'Csavar 00021004 típus' } : d,
        ),
        packSizes: packs,
      })
    ).id;
  };
  const live = largeCatalogueWorld(dialect, 400, NOW, addProducts);
  const db = () => live().ctx.database.db;
  const query = (extra: Partial<ProductListFilter>) => productListQuery(100, extra);

  beforeAll(async () => {
    const products = await db().selectFrom('products').select(['id', 'is_active', 'search_text']).execute();
    const packRows = await db().selectFrom('pack_sizes').select(['product_id', 'barcode']).execute();
    known = products.map((p) => {
      const codes = p.search_text.split('~');
      return {
        id: p.id,
        isActive: p.is_active === 1,
        namesAndSku: `${codes[0]}~${codes[1]}`,
        searchText: p.search_text,
        barcodes: packRows.filter((b) => b.product_id === p.id && b.barcode).map((b) => b.barcode!),
      };
    });
  });

  async function foundIds(words: string[], active?: boolean): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const result = await listProductRows(db(), dialect, query({ words, active, page }));
      ids.push(...result.rows.map((row) => row.id));
      if (result.rows.length < 100) {
        expect(result.total).toBe(ids.length);
        return ids.sort((a, b) => a - b);
      }
    }
  }

  const expected = (test: (product: Known) => boolean) =>
    known
      .filter(test)
      .map((p) => p.id)
      .sort((a, b) => a - b);

  const barcodeMeaning = (word: string) => (p: Known) =>
    p.barcodes.some((barcode) => barcode.startsWith(word)) || p.namesAndSku.includes(word);

  it('finds the products whose barcode starts with a word of 8 or more digits', async () => {
    const barcode = known.find((p) => p.barcodes.length > 0)!.barcodes[0]!;
    for (const word of [barcode, barcode.slice(0, 12), barcode.slice(0, 10), barcode.slice(0, 8)]) {
      const found = await foundIds([word]);
      expect(found.length).toBeGreaterThan(0);
      expect(found, word).toEqual(expected(barcodeMeaning(word)));
    }
    // The whole barcode: exactly its product.
    expect(await foundIds([barcode])).toEqual(expected((p) => p.barcodes.includes(barcode)));
    // The seed's common 8-digit prefix: every product with a barcode, also through the active filter.
    const prefix = barcode.slice(0, 8);
    expect((await foundIds([prefix])).length).toBeGreaterThan(300);
    expect(await foundIds([prefix], true)).toEqual(expected((p) => p.isActive && barcodeMeaning(prefix)(p)));
  });

  it('does not find a barcode that only contains the word further in, but finds a SKU or a name that does', async () => {
    const barcode = known.find((p) => p.barcodes.length > 0)!.barcodes[0]!;
    const inner = barcode.slice(3, 12);
    expect(known.some((p) => p.searchText.includes(inner))).toBe(true);
    expect(await foundIds([inner])).toEqual(expected(barcodeMeaning(inner)));
    expect(await foundIds([inner])).not.toContain(known.find((p) => p.barcodes.includes(barcode))!.id);
    expect(await foundIds(['59900021'])).toEqual([skuProduct]);
    expect(await foundIds(['00021004'])).toEqual([nameProduct]);
    // With another word: both must match.
    expect(await foundIds(['59900021', 'zx'])).toEqual([skuProduct]);
    expect(await foundIds(['59900021', 'csavar'])).toEqual([]);
  });

  it('keeps the substring meaning of a digit word shorter than 8', async () => {
    const barcode = known.find((p) => p.barcodes.length > 0)!.barcodes[0]!;
    const inner = barcode.slice(5, 12);
    const found = await foundIds([inner]);
    expect(found).toEqual(expected((p) => p.searchText.includes(inner)));
    expect(found).toContain(known.find((p) => p.barcodes.includes(barcode))!.id);
  });

  it.runIf(dialect === 'postgres')(
    'PostgreSQL: reads the barcode prefix index and the names-and-SKU trigram index',
    async () => {
      const barcode = known.find((p) => p.barcodes.length > 0)!.barcodes[0]!;
      await sql`SET enable_seqscan = off`.execute(db());
      try {
        const plans = await queryPlans(db(), dialect, (captured) =>
          listProductRows(captured, dialect, query({ words: [barcode] })),
        );
        const all = plans.join('\n');
        expect(all).toMatch(/pack_sizes_barcode_prefix_idx/);
        expect(all).toMatch(/products_name_sku_trgm_idx/);
        expect(all).not.toMatch(/products_search_text_trgm_idx/);
      } finally {
        await sql`RESET enable_seqscan`.execute(db());
      }
    },
  );

  it('answers odd search terms with a page or a clear error, never a 500', async () => {
    const token = live().callers.admin;
    for (const q of [
      '%%%',
      '_',
      '"',
      "'; drop table products; --",
      '12345678%',
      '1234_5678',
      '0'.repeat(100),
      '٣٤٥٦٧٨٩٠١٢',
      '~|~',
    ]) {
      const response = await callAs(live().app, token, {
        method: 'GET',
        url: `/api/admin/catalogue/products?q=${encodeURIComponent(q)}`,
      });
      expect(response.statusCode, q).toBe(200);
      const folded = foldForSearch(q)
        .split(' ')
        .filter((w) => w.length > 0);
      if (folded.every((w) => /^[0-9]{8,}$/.test(w)) && folded.length > 0)
        expect(response.json().items.length, q).toBe(0);
    }
    const long = await callAs(live().app, token, {
      method: 'GET',
      url: `/api/admin/catalogue/products?q=${'1'.repeat(101)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('ERR_VALIDATION');
  });
});
