import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cartAdditionResponseSchema } from '@shop/shared/contracts/cart';
import {
  createOrderListRequestSchema,
  deleteOrderListResponseSchema,
  importOrderListRequestSchema,
  importOrderListResponseSchema,
  moveOrderListItemRequestSchema,
  moveOrderListItemResponseSchema,
  orderListDetailSchema,
  orderListParamsSchema,
  orderListsResponseSchema,
  orderListSummarySchema,
  putOrderListItemsRequestSchema,
  renameOrderListRequestSchema,
} from '@shop/shared/contracts/order-lists';
import type { AppContext } from '../../app-context';
import { acceptRawBodies, SPREADSHEET_TYPES, XLSX_TYPE } from '../../http/raw-bodies';
import * as service from './order-lists.service';
import { answerNoStore } from '../shop/no-store-answers';

const WHOSE =
  "The lists of the acting customer, shared by its users: a customer's own; for an agent, those of the customer of " +
  'its current shipping address (409 ERR_NO_CURRENT_SHIPPING until it has chosen one). Staff → 403 ERR_FORBIDDEN. ' +
  "Another customer's list or an unknown id → 404 ERR_ORDER_LIST_NOT_FOUND.";
const DETAIL =
  'The answer is the list with the prices (gross minor units, the customer’s price group, discount, tiers at the ' +
  'saved quantity), stock and stock status of now; `orderable: false` and `problem` (inactive, not_orderable, ' +
  'out_of_stock, no_price) flag a line that would be dropped from an order; `correctedQuantity` and `warnings` say what ' +
  'the cart’s quantity correction would make of the saved quantity.';

/** Largest list file accepted (CSV or XLSX of at most 500 rows). */
export const ORDER_LIST_FILE_MAX_BYTES = 2 * 1024 * 1024;
const importFileQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** A route's OpenAPI schema: the area's tag, and a description that starts with whose lists these are (WHOSE). */
function listRoute<S extends object>(summary: string, description: string, schema: S) {
  return { schema: { tags: ['order-lists'], summary, description: `${WHOSE} ${description}`, ...schema } };
}

/** The same for a route of one list (`/order-lists/:listId...`). */
function oneListRoute<S extends object>(summary: string, description: string, schema: S) {
  return listRoute(summary, description, { params: orderListParamsSchema, ...schema });
}

/** Signed-in customers and agents: registered in the shop-user scope (app.ts, http/route-scopes.ts). */
export function orderListsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    answerNoStore(app);
    // The list file of import-file arrives as it is (only this plugin's routes see the parser).
    acceptRawBodies(app, SPREADSHEET_TYPES, ORDER_LIST_FILE_MAX_BYTES);

    app.get(
      '/order-lists',
      listRoute("The customer's saved order lists", 'By name, each with its number of lines.', {
        response: { 200: orderListsResponseSchema },
      }),
      async (request) => service.listLists(ctx, request.auth),
    );

    app.post(
      '/order-lists',
      listRoute(
        'Create a list (empty, with lines, or from an order)',
        `\`name\`: 1–100 characters, unique within the customer (409 ERR_ORDER_LIST_NAME_TAKEN). ` +
          '`items` (optional, e.g. the cart’s lines): `[{ sku, quantity }]`, at most 500, an unknown SKU → 404 ' +
          'ERR_PRODUCT_NOT_FOUND `{ sku }` and nothing is created. `fromOrderId` (optional, instead of items): the ' +
          "lines of one of the customer's orders (another customer's or an unknown order → 404 NOT_FOUND). " +
          DETAIL,
        { body: createOrderListRequestSchema, response: { 200: orderListDetailSchema } },
      ),
      async (request) => service.createList(ctx, request.auth, request.body, request.language),
    );

    app.get(
      '/order-lists/:listId',
      oneListRoute('A list with current prices and stock', DETAIL, {
        response: { 200: orderListDetailSchema },
      }),
      async (request) => service.getList(ctx, request.auth, request.params.listId, request.language),
    );

    app.patch(
      '/order-lists/:listId',
      oneListRoute('Rename a list', `\`name\` as at creation (409 ERR_ORDER_LIST_NAME_TAKEN).`, {
        body: renameOrderListRequestSchema,
        response: { 200: orderListSummarySchema },
      }),
      async (request) => service.renameList(ctx, request.auth, request.params.listId, request.body.name),
    );

    app.delete(
      '/order-lists/:listId',
      oneListRoute('Delete a list', 'The list and its lines are deleted.', {
        response: { 200: deleteOrderListResponseSchema },
      }),
      async (request) => {
        await service.deleteList(ctx, request.auth, request.params.listId);
        return { data: true as const };
      },
    );

    app.put(
      '/order-lists/:listId/items',
      oneListRoute(
        'Replace the lines of a list',
        `Body: \`[{ sku, quantity }]\` (pieces, 1–1,000,000; at most 500 lines; the same SKU twice is ` +
          'summed; an empty array empties the list). An unknown SKU → 404 ERR_PRODUCT_NOT_FOUND `{ sku }` and ' +
          `nothing changes. ${DETAIL}`,
        { body: putOrderListItemsRequestSchema, response: { 200: orderListDetailSchema } },
      ),
      async (request) =>
        service.putItems(ctx, request.auth, request.params.listId, request.body, request.language),
    );

    app.post(
      '/order-lists/:listId/import',
      oneListRoute(
        'Add lines of SKU or barcode and quantity (CSV/XLSX rows, pasted text)',
        `\`lines\` as in the quick order: text with one \`SKU or barcode; quantity\` per line, or ` +
          '`[{ code, quantity }]`; at most 500. A pack barcode counts the pack’s pieces. Each line’s pieces are added ' +
          'to the product’s quantity in the list; `rejected` names the lines not added (ERR_PRODUCT_NOT_FOUND, ' +
          'ERR_VALIDATION for an unreadable quantity or a list already holding 500 products). `list`: the list after ' +
          'the import.',
        { body: importOrderListRequestSchema, response: { 200: importOrderListResponseSchema } },
      ),
      async (request) =>
        service.importLines(ctx, request.auth, request.params.listId, request.body.lines, request.language),
    );

    app.post(
      '/order-lists/:listId/import-file',
      oneListRoute(
        'Add the rows of a CSV or XLSX file (SKU or barcode, quantity)',
        `The body is the file itself (Content-Type text/csv or ${XLSX_TYPE}, at most 2 MB and 500 rows; ` +
          '`format=csv|xlsx`). Column A: SKU or barcode, column B: quantity (empty = 1); a first row whose quantity ' +
          'is text is a header. Each row is read like a line of the quick order and added as by `import`; row numbers ' +
          'are the file’s. An unreadable file → 400 ERR_IMPORT_FILE `{ reason }`.',
        { querystring: importFileQuerySchema, response: { 200: importOrderListResponseSchema } },
      ),
      async (request) =>
        service.importFile(
          ctx,
          request.auth,
          request.params.listId,
          request.query.format,
          request.body,
          request.language,
        ),
    );

    app.post(
      '/order-lists/:listId/move',
      oneListRoute(
        'Move a line to another list of the customer',
        `Body \`{ sku, toListId }\`: the line of \`sku\` leaves this list and its pieces are added to ` +
          'the line of the same product in the list `toListId` (or become its new last line; at most 1,000,000 ' +
          'pieces), in one transaction that locks both lists. `toListId` another customer’s or unknown → 404 ' +
          'ERR_ORDER_LIST_NOT_FOUND; the same list → 400 ERR_VALIDATION `{ field: "toListId" }`; a target already ' +
          'holding 500 other products → 400 ERR_VALIDATION `{ field: "toListId", max: 500 }`; no such line here (also ' +
          'when a concurrent move took it) → 404 ERR_PRODUCT_NOT_FOUND `{ sku }`. Nothing changes when it is refused. ' +
          `Answers \`{ from, to }\`: this list as GET shows it, and the other list’s summary. ${DETAIL}`,
        { body: moveOrderListItemRequestSchema, response: { 200: moveOrderListItemResponseSchema } },
      ),
      async (request) =>
        service.moveItem(ctx, request.auth, request.params.listId, request.body, request.language),
    );

    app.post(
      '/order-lists/:listId/to-cart',
      oneListRoute(
        'Put the lines of a list into the cart',
        "Adds each line's quantity to the product's quantity in the cart through the cart's correction " +
          '(minimum, maximum, stock, step; never more than the stock) in one transaction, and answers per line like ' +
          'the quick order: `added`, `corrected` (with the warnings; quantity 0 = nothing added), `rejected` ' +
          '(ERR_PRODUCT_NOT_ORDERABLE for an inactive product).',
        { response: { 200: cartAdditionResponseSchema } },
      ),
      async (request) => service.toCart(ctx, request.auth, request.params.listId),
    );
  };
}
