import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@shop/shared/contracts/admin-catalogue';
import {
  type BatchKind,
  apiKeyCreateSchema,
  apiKeyCreatedSchema,
  apiKeyListResponseSchema,
  apiKeySchema,
  batchRequestSchema,
  batchResultSchema,
  orderAcknowledgeResponseSchema,
  orderAcknowledgeSchema,
  orderExportQuerySchema,
  orderExportResponseSchema,
} from '@shop/shared/contracts/admin-integration';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { actorOf } from '../admin/admin-access';
import { adminRoute } from '../admin/admin-crud-routes';
import { createApiKey, listApiKeys, requireApiKey, revokeApiKey } from './api-keys.service';
import { runBatch } from './batches.service';
import { acknowledgeOrders, exportOrders } from './orders-export.service';

const adminNote =
  ' Administrators only (permission `integration`): 401 without a token, 403 ERR_NOT_STAFF for customers and agents, 403 ERR_FORBIDDEN for staff.';
const keyNote =
  ' Authenticated by an API key: `X-Api-Key: shk_...` (or `Authorization: Bearer shk_...`). Missing → 401 ERR_UNAUTHORIZED, ' +
  'unknown → 401 ERR_API_KEY_INVALID, revoked → 401 ERR_API_KEY_REVOKED.';
const batchNote =
  ' Batches are partial: each item is checked on its own; valid items are applied (in one transaction), invalid ones are listed in ' +
  '`errors` (index, sku or customer code, code, message) and change nothing. `batchId` makes the batch idempotent: the same id with ' +
  'the same items returns the stored result (`replayed: true`) and changes nothing; with other items → 409 ERR_BATCH_CONFLICT. ' +
  'At most 1000 items.';

const EXAMPLES: Record<BatchKind, unknown> = {
  products: {
    batchId: 'erp-2026-11-21-0001',
    items: [
      {
        sku: 'KV-001',
        names: { hu: 'Kávé 1 kg', en: 'Coffee 1 kg' },
        vat: 27,
        stock: 120,
        isActive: true,
        manufacturer: 'alfa',
        categories: ['kave'],
        packSizes: [
          { unit: 'piece', pieces: 1, barcode: '5991001000012' },
          { unit: 'carton', pieces: 12, barcode: '5991001000128' },
        ],
        prices: [
          {
            priceGroup: null,
            price: 129000,
            specialPrice: null,
            specialPriceStart: null,
            specialPriceEnd: null,
            quantityDiscount: 1,
            quantitativeUnit: 'piece',
          },
          {
            priceGroup: null,
            price: 119000,
            specialPrice: null,
            specialPriceStart: null,
            specialPriceEnd: null,
            quantityDiscount: 12,
            quantitativeUnit: 'carton',
          },
        ],
      },
    ],
  },
  prices: {
    batchId: 'erp-prices-0042',
    items: [
      {
        sku: 'KV-001',
        prices: [
          {
            priceGroup: null,
            price: 125000,
            specialPrice: 99000,
            specialPriceStart: '2026-12-01T00:00:00+01:00',
            specialPriceEnd: '2026-12-31T23:59:59+01:00',
            quantityDiscount: 1,
            quantitativeUnit: 'piece',
          },
        ],
      },
    ],
  },
  stock: {
    batchId: 'erp-stock-2026-11-21T10:00',
    items: [
      { sku: 'KV-001', stock: 80 },
      { sku: 'TE-001', stock: 0 },
    ],
  },
  credit: {
    batchId: 'erp-credit-2026-11-25',
    items: [
      {
        erpCode: 'C-10042',
        creditLimit: 50_000_000,
        openBalance: 12_500_000,
        balanceAt: '2026-11-25T05:00:00Z',
      },
      { erpCode: 'C-10043', creditLimit: null, openBalance: 0 },
    ],
  },
  customers: {
    batchId: 'erp-customers-0007',
    items: [
      {
        code: 'C-10042',
        name: 'Példa Bolt Kft.',
        email: 'rendeles@peldabolt.hu',
        isCompany: true,
        taxNumber: '12345676-2-41',
        billingCountry: 'Magyarország',
        billingCountryCode: 'HU',
        billingZip: '1111',
        billingCity: 'Budapest',
        billingAptSuite: 'Fő utca 1.',
        priceGroup: 'VIP',
        discountPercent: 2.5,
      },
    ],
  },
};

/**
 * The ERP integration: its API keys in the back office (staffScope, under /api/admin, permission
 * `integration`), and the integration API itself, public but for the API key each route checks.
 */
export function integrationRoutes(ctx: AppContext): {
  staff: FastifyPluginAsyncZod;
  public: FastifyPluginAsyncZod;
} {
  const staff: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/integration/api-keys',
      adminRoute(
        'integration',
        'API keys of the ERP integration (never the keys themselves)',
        adminNote.trim(),
        { response: { 200: apiKeyListResponseSchema } },
        'admin-integration',
      ),
      async () => ({ items: await listApiKeys(ctx) }),
    );
    app.post(
      '/integration/api-keys',
      adminRoute(
        'integration',
        'Create an API key; the answer shows the key once',
        'The key is stored as a SHA-256 hash with its prefix for lookup.' + adminNote,
        { body: apiKeyCreateSchema, response: { 201: apiKeyCreatedSchema } },
        'admin-integration',
      ),
      async (request, reply) =>
        reply.status(201).send(await createApiKey(ctx, actorOf(request), request.body.name)),
    );
    app.post(
      '/integration/api-keys/:id/revoke',
      adminRoute(
        'integration',
        'Revoke an API key (at once; revoking twice changes nothing)',
        '404 ERR_API_KEY_NOT_FOUND.' + adminNote,
        { params: idParamsSchema, response: { 200: apiKeySchema } },
        'admin-integration',
      ),
      async (request) => revokeApiKey(ctx, actorOf(request), request.params.id),
    );
  };

  const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
    // After the body is parsed (a malformed or oversized body is refused as such) but before it is
    // validated (a wrong key learns nothing about the expected input).
    const apiKey = requireApiKey(ctx);
    app.decorateRequest('integration', null);

    const client = (request: { integration: unknown }) => {
      if (!request.integration) throw new AppError('ERR_UNAUTHORIZED');
      return request.integration as NonNullable<Parameters<typeof runBatch>[1]>;
    };
    const batchRoute = (kind: BatchKind, summary: string, itemNote: string) =>
      app.post(
        `/integration/${kind}/batch`,
        {
          preValidation: apiKey,
          schema: {
            tags: ['integration'],
            security: [{ apiKeyAuth: [] }],
            summary,
            description: itemNote + batchNote + keyNote,
            body: batchRequestSchema.meta({ example: EXAMPLES[kind] }),
            response: { 200: batchResultSchema },
          },
        },
        async (request) => runBatch(ctx, client(request), kind, request.body),
      );

    batchRoute(
      'products',
      'Upsert products by SKU',
      'Item: { sku, names?: {hu,en,vi,zh}, vat?, weight?, stock?, isActive?, isOrderable?, isSeasonal?, manufacturer? (slug or null), ' +
        'categories? (slugs), minOrderQuantity?, maxOrderQuantity?, orderQuantityStep?, packSizes?, prices? }. Missing fields keep ' +
        'their value; a new product needs names.hu, vat and prices. packSizes and prices replace the whole list. The same checks as ' +
        'the back office (ERR_BARCODE_TAKEN, ERR_STEP_NOT_PACK_SIZE, ...).',
    );
    batchRoute(
      'prices',
      'Replace the price entries of existing products',
      'Item: { sku, prices: [{ priceGroup, price, specialPrice, specialPriceStart, specialPriceEnd, quantityDiscount, quantitativeUnit }] } ' +
        '(minor units; priceGroup null is the list price). Unknown SKU → ERR_PRODUCT_NOT_FOUND. Changed prices go to the price history.',
    );
    batchRoute(
      'stock',
      'Set the stock of existing products',
      'Item: { sku, stock } (pieces). Unknown SKU → ERR_PRODUCT_NOT_FOUND.',
    );
    batchRoute(
      'customers',
      'Upsert customers by ERP customer code',
      'Item: { code, name, email, phone?, isCompany, taxNumber?, companyRegistrationNumber?, billingCountry, billingCountryCode?, ' +
        'billingZip, billingCity, billingAptSuite, priceGroup?, discountPercent? }. Creates or updates the customer record (login ' +
        'accounts are made in the back office). A tax or registration number of another customer → ERR_DUP_TAX_NUM / ERR_DUP_COMP_REG_NUM.',
    );
    batchRoute(
      'credit',
      'Set credit limits and open balances by ERP customer code (issue 16)',
      'Item: { erpCode, creditLimit (minor units, null = no limit), openBalance (minor units), balanceAt? (ISO instant the balance ' +
        'was struck; default now) }. Deferred payment methods (bank transfer with days, deferred cash) are refused at place-order with ' +
        'ERR_CREDIT_LIMIT_EXCEEDED when openBalance + the deferred orders placed since balanceAt + the order pass the limit. ' +
        'Unknown code → NOT_FOUND.',
    );

    app.get(
      '/integration/orders',
      {
        preValidation: apiKey,
        schema: {
          tags: ['integration'],
          security: [{ apiKeyAuth: [] }],
          summary: 'New orders since a cursor (order id), oldest first, with their lines',
          description:
            'Start with after=0; pass `nextCursor` as `after` for the next page. By default only orders not yet acknowledged ' +
            '(unacknowledged=false: every order after the cursor). Example: GET /api/integration/orders?after=0&limit=100.' +
            keyNote,
          querystring: orderExportQuerySchema,
          response: { 200: orderExportResponseSchema },
        },
      },
      async (request) => exportOrders(ctx, request.query),
    );
    app.post(
      '/integration/orders/acknowledge',
      {
        preValidation: apiKey,
        schema: {
          tags: ['integration'],
          security: [{ apiKeyAuth: [] }],
          summary: 'Mark orders as taken over by the ERP (they stop appearing in the default order list)',
          description:
            'Repeating it changes nothing (alreadyAcknowledged); unknown ids are listed.' + keyNote,
          body: orderAcknowledgeSchema.meta({ example: { orderIds: [1042, 1043] } }),
          response: { 200: orderAcknowledgeResponseSchema },
        },
      },
      async (request) => acknowledgeOrders(ctx, request.body.orderIds),
    );
  };

  return { staff, public: apiKeyRoutes };
}
