import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema } from '@shop/shared/contracts/admin-common';
import {
  acceptQuoteResponseSchema,
  adminQuoteListQuerySchema,
  adminQuoteListResponseSchema,
  createQuoteRequestSchema,
  declineQuoteRequestSchema,
  offerQuoteRequestSchema,
  quoteDetailSchema,
  quoteIdParamsSchema,
  quoteListQuerySchema,
  quoteListResponseSchema,
  rejectQuoteRequestSchema,
} from '@shop/shared/contracts/quotes';
import type { AppContext } from '../../app-context';
import { adminRoute } from '../admin/admin-crud-routes';
import * as service from './quotes.service';
import { answerNoStore } from '../shop/no-store-answers';
import { routeDoc } from '../shop/route-doc';

const WHOSE =
  "A customer's logins see its quotes (owners and approvers all of the company's, buyers and requesters their own); " +
  "an agent sees the quotes of its customers. Another customer's quote or an unknown id → 404 ERR_QUOTE_NOT_FOUND. " +
  'Staff → 403 ERR_FORBIDDEN.';
const OFFER_BODY =
  'Body `{ lines: [{ sku, price, quantity }], validUntil, message }`: one entry for every line of the quote (an SKU ' +
  'not in it, twice, or a line left out → 400 ERR_VALIDATION `{ sku }`); `price` gross per piece in forints as the ' +
  'listing shows them (at most two decimals; stored in minor units); `quantity` in pieces within the product’s ' +
  'quantity rules for the customer (minimum, maximum, step, stock; otherwise 409 ERR_QUANTITY_NOT_AVAILABLE `{ sku, ' +
  'requested, allowed }`); `validUntil` the last day (YYYY-MM-DD, shop time zone) the offer may be accepted, today or ' +
  'later (400 ERR_VALIDATION `{ field }`). From `requested` (or `offered`: a revised offer) to `offered`, otherwise ' +
  '409 ERR_QUOTE_STATUS `{ status }`. The requester gets a mail; the `quote.offered` event is sent.';
const DECLINE_BODY =
  'Body `{ message }`. From `requested` or `offered` to `declined` (otherwise 409 ERR_QUOTE_STATUS); the requester ' +
  'gets a mail with the message.';

/** Signed-in customers and agents: registered in the shop-user scope (app.ts). */
export function quotesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    answerNoStore(app);

    app.post(
      '/quotes',
      routeDoc(
        'quotes',
        'Ask for a quote for the lines of the cart',
        'Body `{ message, wishedDeliveryDate? }` (message at most 2,000 characters, may be empty; the wished day ' +
          'YYYY-MM-DD, today or later, otherwise 400 ERR_INVALID_DELIVERY_DATE). The lines of the acting login’s cart ' +
          '(an agent: its cart for its current customer) move into a new quote with status `requested` and the cart ' +
          'is emptied, in one transaction; an empty cart → 409 ERR_CART_EMPTY. The `quote.requested` event is sent. ' +
          'Answers the quote.',
        { body: createQuoteRequestSchema, response: { 200: quoteDetailSchema } },
      ),
      async (request) => service.requestQuote(ctx, request.auth, request.body, request.language),
    );

    app.get(
      '/quotes',
      routeDoc(
        'quotes',
        'The quotes the caller may see, newest first',
        `${WHOSE} Each quote names its customer (\`customerName\`), so an agent's list of all its customers' ` +
          'quotes says whose each is. `status` (optional) keeps the quotes in that status, e.g. an agent’s open ' +
          'requests with `?status=requested`; another value → 400 ERR_VALIDATION. At most 500. An offer past its ' +
          'last valid day is shown as `expired`.',
        { querystring: quoteListQuerySchema, response: { 200: quoteListResponseSchema } },
      ),
      async (request) => service.listQuotes(ctx, request.auth, request.query.status),
    );

    app.get(
      '/quotes/:quoteId',
      routeDoc(
        'quotes',
        'One quote with its lines and offered prices',
        `${WHOSE} Prices are gross minor units per piece; \`listPrice\` is the customer’s own price today at the ` +
          'requested quantity, for comparison; `canAccept` / `canAnswer` say what the caller may do.',
        { params: quoteIdParamsSchema, response: { 200: quoteDetailSchema } },
      ),
      async (request) => service.getQuote(ctx, request.auth, request.params.quoteId, request.language),
    );

    app.post(
      '/quotes/:quoteId/accept',
      routeDoc(
        'quotes',
        'Accept an offer: the order is placed at the quoted prices',
        `${WHOSE} No body: nothing the browser sends sets a price or a quantity. The order is placed like ` +
          'POST /api/orders/place-order, in one transaction, with the offered quantities and gross prices per piece ' +
          'and every rule of place-order (shop closed, stock, quantity rules, address, purchase-order number, delivery ' +
          'day, minimum order value, credit limit); the shipping and payment method, delivery day, purchase-order ' +
          'number and comments are the ones chosen in the caller’s cart checkout (PUT /api/cart/...), the address its ' +
          'current shipping address (an agent must be acting for the quote’s customer: 409 ERR_NO_CURRENT_SHIPPING). ' +
          'Answers `{ data: true, orderId, quote }` or place-order’s refusals `{ data: [{ error, params }] }` (nothing ' +
          'changed). Not `offered` → 409 ERR_QUOTE_STATUS `{ status }`; past its last valid day → 409 ' +
          'ERR_QUOTE_EXPIRED. Of two accepts at once one orders, the other gets ERR_QUOTE_STATUS. The ' +
          '`quote.accepted` and `order.placed` events are sent. A company login that may not order alone (a ' +
          'requester; a buyer whose per-order or monthly limit the order would pass) gets, as from place-order, ' +
          '`{ data: true, approvalRequired: true, approvalId, quote }`: the quote is `pending_approval` and the ' +
          'company approval request (GET /api/company/approvals/{approvalId}) orders it at the quoted prices when ' +
          'approved; rejected or expired, the quote is `offered` again (`expired` after its last valid day).',
        { params: quoteIdParamsSchema, response: { 200: acceptQuoteResponseSchema } },
      ),
      async (request) => service.acceptQuote(ctx, request.auth, request.params.quoteId, request.language),
    );

    app.post(
      '/quotes/:quoteId/reject',
      routeDoc(
        'quotes',
        'Reject an offer (or withdraw a request)',
        `${WHOSE} Body \`{ reason }\` (at most 2,000 characters, may be empty). From \`requested\` or \`offered\` ` +
          'to `rejected`, otherwise 409 ERR_QUOTE_STATUS (ERR_QUOTE_EXPIRED past its validity).',
        { params: quoteIdParamsSchema, body: rejectQuoteRequestSchema, response: { 200: quoteDetailSchema } },
      ),
      async (request) =>
        service.rejectQuote(ctx, request.auth, request.params.quoteId, request.body.reason, request.language),
    );

    app.post(
      '/quotes/:quoteId/offer',
      routeDoc(
        'quotes',
        "The customer's sales agent answers a quote",
        'Agents only (a login of the quote’s customer → 403 ERR_FORBIDDEN); a quote the caller may not see (another ' +
          `customer’s, or one of a customer that is not the agent’s) → 404 ERR_QUOTE_NOT_FOUND. As POST /api/admin/quotes/{id}/offer: ${OFFER_BODY}`,
        { params: quoteIdParamsSchema, body: offerQuoteRequestSchema, response: { 200: quoteDetailSchema } },
      ),
      async (request) =>
        service.offerQuote(
          ctx,
          await service.agentAnswerer(ctx, request.auth, request.params.quoteId),
          request.params.quoteId,
          request.body,
          request.language,
        ),
    );

    app.post(
      '/quotes/:quoteId/decline',
      routeDoc(
        'quotes',
        "The customer's sales agent declines a quote",
        `Agents only, their customers' quotes, as POST /api/admin/quotes/{id}/decline. ${DECLINE_BODY}`,
        {
          params: quoteIdParamsSchema,
          body: declineQuoteRequestSchema,
          response: { 200: quoteDetailSchema },
        },
      ),
      async (request) =>
        service.declineQuote(
          ctx,
          await service.agentAnswerer(ctx, request.auth, request.params.quoteId),
          request.params.quoteId,
          request.body.message,
          request.language,
        ),
    );
  };
}

const ROLE_NOTE =
  'Needs a back-office token whose role has the `orders` permission: no token → 401 ERR_UNAUTHORIZED, a customer or ' +
  'agent → 403 ERR_NOT_STAFF.';

/** The back office's quote inbox: registered in the staff scope (app.ts). */
export function adminQuotesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/quotes',
      adminRoute(
        'orders',
        'The quote inbox, filtered and paged, newest first',
        '`status` exact; `customer`: part of the name or e-mail; `from`/`to`: days requested (YYYY-MM-DD, inclusive, ' +
          `shop time zone). ${ROLE_NOTE}`,
        { querystring: adminQuoteListQuerySchema, response: { 200: adminQuoteListResponseSchema } },
      ),
      async (request) => service.adminListQuotes(ctx, request.query),
    );

    app.get(
      '/quotes/:id',
      adminRoute('orders', 'One quote with its lines', `Unknown id → 404 ERR_QUOTE_NOT_FOUND. ${ROLE_NOTE}`, {
        params: adminIdParamsSchema,
        response: { 200: quoteDetailSchema },
      }),
      async (request) => service.adminGetQuote(ctx, request.params.id, request.language),
    );

    app.post(
      '/quotes/:id/offer',
      adminRoute(
        'orders',
        'Answer a quote with prices, quantities and a validity',
        `${OFFER_BODY} ${ROLE_NOTE}`,
        {
          params: adminIdParamsSchema,
          body: offerQuoteRequestSchema,
          response: { 200: quoteDetailSchema },
        },
      ),
      async (request) =>
        service.offerQuote(
          ctx,
          service.staffAnswerer(request.auth),
          request.params.id,
          request.body,
          request.language,
        ),
    );

    app.post(
      '/quotes/:id/decline',
      adminRoute('orders', 'Decline a quote', `${DECLINE_BODY} ${ROLE_NOTE}`, {
        params: adminIdParamsSchema,
        body: declineQuoteRequestSchema,
        response: { 200: quoteDetailSchema },
      }),
      async (request) =>
        service.declineQuote(
          ctx,
          service.staffAnswerer(request.auth),
          request.params.id,
          request.body.message,
          request.language,
        ),
    );
  };
}
