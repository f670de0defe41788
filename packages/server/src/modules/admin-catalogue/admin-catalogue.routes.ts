import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_COLUMNS,
  adminCategoryListResponseSchema,
  adminCategorySchema,
  adminManufacturerListResponseSchema,
  adminManufacturerSchema,
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  adminProductSchema,
  categoryInputSchema,
  idParamsSchema,
  importQuerySchema,
  importResultSchema,
  manufacturerInputSchema,
  productInputSchema,
} from '@shop/shared/contracts/admin-catalogue';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { type AuthUser, signedIn } from '../../http/auth';
import { acceptRawBodies, SPREADSHEET_TYPES, XLSX_TYPE } from '../../http/raw-bodies';
import { adminDocs, adminRoute, crudRoutes } from '../admin/admin-crud-routes';
import * as products from './admin-products.service';
import { ProductPageAnchors } from './product-page-anchors.repository';
import { ProductSearchMatches } from './product-search-matches';
import { buildCsv, buildXlsx, readImportFile } from './import-file';
import { TEMPLATE_ROWS, runImport } from './import.service';
import * as taxonomy from './taxonomy.service';

/** Largest import file accepted (CSV or XLSX). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const tag = 'admin-catalogue';
const errorNote =
  ' Needs an administrator or staff token with the `catalogue` permission (401 without a token, 403 ERR_FORBIDDEN otherwise).';

export function adminCatalogueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // The deep pages' anchor SKUs, per app (one per server process), valid for one catalogue version.
  const pageAnchors = new ProductPageAnchors();
  const searchMatches = new ProductSearchMatches(() => ctx.now().getTime());
  return async (app) => {
    const actor = (request: { auth: AuthUser | null }) => signedIn(request).userId;

    acceptRawBodies(app, SPREADSHEET_TYPES, IMPORT_MAX_BYTES);

    app.get(
      '/catalogue/products',
      adminRoute(
        'catalogue',
        'Search and list products (SKU, name in any language, barcode), 25 per page by default',
        'Uses the shop search index (FTS5 trigram / pg_trgm), sorted by SKU.' + errorNote,
        { querystring: adminProductListQuerySchema, response: { 200: adminProductListResponseSchema } },
        tag,
      ),
      async (request) =>
        products.listProducts(ctx, request.query, request.language, pageAnchors, searchMatches),
    );

    const productWriteDescription =
      'Replaces the whole product. Checks: SKU of another product (409 ERR_SKU_TAKEN), a barcode that is not ' +
      '8, 12, 13 or 14 digits with a valid GS1 check digit (400 ERR_INVALID_BARCODE), a barcode in use ' +
      '(409 ERR_BARCODE_TAKEN), a step that is not 1 or a pack size (400 ERR_STEP_NOT_PACK_SIZE), a limit or ' +
      'price unit that is not a pack unit (400 ERR_UNIT_NOT_PACK_SIZE), a repeated pack unit (400 ' +
      'ERR_DUPLICATE_PACK_UNIT), no list price (400 ERR_NO_LIST_PRICE), a special price not below the price, a ' +
      'repeated threshold or an end before the start (400 ERR_INVALID_PRICE); `params.field` names the field. ' +
      'A changed price is recorded in the price history; the shop shows the change at once.';
    const area = {
      permission: 'catalogue' as const,
      docs: adminDocs(errorNote.trim(), tag),
      params: idParamsSchema,
    };
    crudRoutes(app, ctx, {
      path: '/catalogue/products',
      ...area,
      record: adminProductSchema,
      get: {
        doc: {
          summary: 'One product with names, categories, pack sizes and price entries',
          description: '404 ERR_PRODUCT_NOT_FOUND.',
        },
        run: products.getProduct,
      },
      save: {
        create: { summary: 'Create a product', description: productWriteDescription },
        update: {
          summary: 'Save a product (prices, special prices, stock, flags, limits, pack sizes, names)',
          description: productWriteDescription,
        },
        created: true,
        body: productInputSchema,
        run: (ctx, user, id, body) => products.saveProduct(ctx, user.userId, id, body),
      },
    });

    // --- categories ------------------------------------------------------------------------

    const categoryDescription =
      'A name in every language (hu, en, vi, zh), a unique slug (409 ERR_SLUG_TAKEN) and an optional parent that ' +
      'is a main category (400 ERR_CATEGORY_PARENT).';
    crudRoutes(app, ctx, {
      path: '/catalogue/categories',
      ...area,
      record: adminCategorySchema,
      list: {
        doc: 'Every category with its translations and usage counts',
        response: adminCategoryListResponseSchema,
        run: async (ctx) => ({ items: await taxonomy.listCategories(ctx) }),
      },
      save: {
        create: { summary: 'Create a category', description: categoryDescription },
        update: { summary: 'Edit a category', description: categoryDescription },
        created: true,
        body: categoryInputSchema,
        run: (ctx, user, id, body) => taxonomy.saveCategory(ctx, user.userId, id, body),
      },
      remove: {
        doc: {
          summary: 'Delete an unused category',
          description: '409 ERR_CATEGORY_IN_USE while products or subcategories belong to it.',
        },
        noContent: true,
        run: (ctx, user, id) => taxonomy.deleteCategory(ctx, user.userId, id),
      },
    });

    // --- manufacturers -----------------------------------------------------------------------

    crudRoutes(app, ctx, {
      path: '/catalogue/manufacturers',
      ...area,
      record: adminManufacturerSchema,
      list: {
        doc: 'Every manufacturer with its product count',
        response: adminManufacturerListResponseSchema,
        run: async (ctx) => ({ items: await taxonomy.listManufacturers(ctx) }),
      },
      save: {
        create: { summary: 'Create a manufacturer', description: 'A unique slug (409 ERR_SLUG_TAKEN).' },
        update: { summary: 'Edit a manufacturer', description: 'A unique slug (409 ERR_SLUG_TAKEN).' },
        created: true,
        body: manufacturerInputSchema,
        run: (ctx, user, id, body) => taxonomy.saveManufacturer(ctx, user.userId, id, body),
      },
      remove: {
        doc: {
          summary: 'Delete a manufacturer without products',
          description: '409 ERR_MANUFACTURER_IN_USE while products belong to it.',
        },
        noContent: true,
        run: (ctx, user, id) => taxonomy.deleteManufacturer(ctx, user.userId, id),
      },
    });

    // --- import ------------------------------------------------------------------------------

    app.post(
      '/catalogue/import',
      adminRoute(
        'catalogue',
        'Import products from CSV or XLSX (upsert by SKU); dryRun=true (the default) only checks',
        'The body is the file itself (Content-Type text/csv or ' +
          XLSX_TYPE +
          `, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB, 50,000 rows). Columns: ${IMPORT_COLUMNS.join(', ')} ` +
          '(see README "Back office"). Every cell is checked; the answer lists row errors (row, column, code, ' +
          'message). With dryRun=false the rows are written only when there is no error, all in one transaction ' +
          '(`applied: true`); otherwise nothing is written. An unreadable file or header → 400 ERR_IMPORT_FILE.' +
          errorNote,
        { querystring: importQuerySchema, response: { 200: importResultSchema } },
        tag,
      ),
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0)
          throw new AppError('ERR_IMPORT_FILE', { reason: 'empty' });
        const table = await readImportFile(request.query.format, body);
        return runImport(ctx, actor(request), table, request.query.dryRun === 'true');
      },
    );

    app.get(
      '/catalogue/import/template',
      adminRoute(
        'catalogue',
        'The import template: the header row and two example rows, as CSV or XLSX',
        errorNote.trim(),
        { querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }) },
        tag,
      ),
      async (request, reply) => {
        if (request.query.format === 'xlsx') {
          const file = await buildXlsx(IMPORT_COLUMNS, TEMPLATE_ROWS);
          return reply
            .header('content-type', XLSX_TYPE)
            .header('content-disposition', 'attachment; filename="product-import-template.xlsx"')
            .send(file);
        }
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="product-import-template.csv"')
          .send(buildCsv([[...IMPORT_COLUMNS], ...TEMPLATE_ROWS]));
      },
    );
  };
}
