import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalDetailResponseSchema,
  approvalParamsSchema,
  approvalsPendingCountSchema,
  approvalsQuerySchema,
  approvalsResponseSchema,
  approveResponseSchema,
  rejectApprovalSchema,
  rejectResponseSchema,
} from '@shop/shared/contracts/approvals';
import type { AppContext } from '../../app-context';
import * as service from './approvals.service';
import { answerNoStore } from '../shop/no-store-answers';

const tags = ['company'];
const VIEW_ERRORS = 'ERR_UNAUTHORIZED (401), ERR_FORBIDDEN (403) for agents, ERR_TOKEN_REVOKED (401)';
const DECIDE_ERRORS =
  "ERR_APPROVAL_NOT_FOUND (404, unknown or another company's), ERR_OWN_APPROVAL (403), ERR_APPROVAL_DECIDED (409), " +
  'ERR_APPROVAL_EXPIRED (409), ERR_UNAUTHORIZED (401), ERR_FORBIDDEN (403) for agents, buyers and requesters, ' +
  'ERR_TOKEN_REVOKED (401)';

/**
 * Order approvals (issue 15, docs/product.md §3.4): registered in the shop-user scope (app.ts).
 * Owners and approvers see and decide the company's requests; buyers and requesters see their own.
 */
export function approvalsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    answerNoStore(app);

    app.get(
      '/company/approvals',
      {
        schema: {
          tags,
          summary: 'Order approval requests, newest first',
          description:
            "Owners and approvers get the company's requests, buyers and requesters their own (at most 500); " +
            '`status` narrows them. `pendingCount` counts the pending requests the caller may decide. Amounts are ' +
            `gross minor units (1/100 Ft). Requests past their 7 days are expired first. Errors: ${VIEW_ERRORS}.`,
          querystring: approvalsQuerySchema,
          response: { 200: approvalsResponseSchema },
        },
      },
      async (request) => service.listApprovals(ctx, request.auth, request.query.status),
    );

    app.get(
      '/company/approvals/pending-count',
      {
        schema: {
          tags,
          summary: 'How many requests wait for the caller’s decision (the header badge)',
          description: `0 for buyers and requesters. Errors: ${VIEW_ERRORS}.`,
          response: { 200: approvalsPendingCountSchema },
        },
      },
      async (request) => ({ pendingCount: await service.pendingCount(ctx, request.auth) }),
    );

    app.get(
      '/company/approvals/:approvalId',
      {
        schema: {
          tags,
          summary: 'One approval request with its lines and checkout choices',
          description: `Errors: ERR_APPROVAL_NOT_FOUND (404, unknown, another company's, or another user's for buyers and requesters), ${VIEW_ERRORS}.`,
          params: approvalParamsSchema,
          response: { 200: approvalDetailResponseSchema },
        },
      },
      async (request) => service.getApproval(ctx, request.auth, request.params.approvalId),
    );

    app.post(
      '/company/approvals/:approvalId/approve',
      {
        schema: {
          tags,
          summary: 'Approve a request: place its order (owners, approvers)',
          description:
            "Places the order for the requester in one transaction with every rule of place-order, at the request's " +
            'prices. Status 200 with `{ data: true, orderId, approval }`, or `{ data: [{ error, params? }] }` with ' +
            "place-order's refusals (stock, shop closed, credit limit, ...), after which the request stays pending " +
            'and nothing changed. Two approvers at once give one order: the other gets 409 ERR_APPROVAL_DECIDED. ' +
            `The requester gets a mail. Errors: ${DECIDE_ERRORS}.`,
          params: approvalParamsSchema,
          response: { 200: approveResponseSchema },
        },
      },
      async (request) => service.approve(ctx, request.auth, request.params.approvalId),
    );

    app.post(
      '/company/approvals/:approvalId/reject',
      {
        schema: {
          tags,
          summary: 'Reject a request with a reason (owners, approvers)',
          description:
            'The reason (1-1000 characters) goes to the requester by mail; the requester can send a new request. ' +
            `Errors: ERR_VALIDATION (400), ${DECIDE_ERRORS}.`,
          params: approvalParamsSchema,
          body: rejectApprovalSchema,
          response: { 200: rejectResponseSchema },
        },
      },
      async (request) => service.reject(ctx, request.auth, request.params.approvalId, request.body.reason),
    );
  };
}
