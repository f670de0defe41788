import type { Kysely } from 'kysely';
import type { CartResponse } from '@shop/shared/contracts/cart';
import type { PlaceOrderError } from '@shop/shared/contracts/orders';
import {
  availableCredit,
  type CreditState,
  isPaymentAllowed,
  isPurchaseOrderNumberMissing,
  minimumOrderShortfall,
  wholeForints,
} from '@shop/shared/rules/checkout-rules';
import type { Database } from '../../db/schema';
import * as repo from './checkout-rules.repository';

/**
 * The checkout rules of issue 16 (docs/product.md §5.11) on the server: what the cart shows and what
 * place-order refuses. The pure rules are in shared/rules/checkout-rules.ts (the web uses them too).
 */

type Db = Kysely<Database>;
type CustomerRules = NonNullable<Awaited<ReturnType<typeof repo.findCustomerRules>>>;

async function creditStateOf(db: Db, customer: CustomerRules): Promise<CreditState> {
  const limit = customer.credit_limit === null ? null : Number(customer.credit_limit);
  const pending =
    limit === null ? 0 : await repo.sumPendingDeferred(db, customer.id, customer.open_balance_at);
  return { limit, openBalance: Number(customer.open_balance), pending };
}

/** What the cart's rules read from the database: the customer's rules and, with a limit, its credit. */
export interface CartRulesRead {
  customer: CustomerRules | undefined;
  state: CreditState | null;
}

/**
 * The database part of the cart's rules, from the customer's rule columns already read (the cart's
 * context query): one more query only for a customer with a credit limit (the deferred orders since
 * its last balance).
 */
export async function cartRulesOf(db: Db, customer: CustomerRules | undefined): Promise<CartRulesRead> {
  return { customer, state: customer ? await creditStateOf(db, customer) : null };
}

/** The cart's purchase-order, minimum-order and credit fields. */
export function cartRules(
  { customer, state }: CartRulesRead,
  minimumOrderValue: number,
  itemsGross: number,
): Pick<CartResponse, 'purchaseOrderNumberRequired' | 'minimumOrder' | 'credit'> {
  const available = state ? availableCredit(state) : null;
  return {
    purchaseOrderNumberRequired: customer?.purchase_order_number_required === 1,
    minimumOrder: minimumOrderShortfall(minimumOrderValue, itemsGross),
    credit:
      state && state.limit !== null && available !== null
        ? {
            limit: state.limit,
            openBalance: state.openBalance,
            balanceAt: customer?.open_balance_at ?? null,
            pending: state.pending,
            available,
          }
        : null,
  };
}

/** Place-order, before the stock is touched: the purchase-order number. */
export function purchaseOrderNumberErrors(required: boolean, purchaseOrderNumber: string): PlaceOrderError[] {
  return isPurchaseOrderNumberMissing(required, purchaseOrderNumber)
    ? [{ error: 'ERR_PURCHASE_ORDER_NUMBER_REQUIRED' }]
    : [];
}

/**
 * Place-order, once the order's totals are known: the shipping method's minimum (items gross) and,
 * for a deferred payment, the credit limit (open balance + deferred orders since the balance + this
 * order's grand total). The customer row comes locked from the order's transaction, so concurrent
 * deferred orders of the same customer are checked one after the other and cannot pass the limit
 * together.
 */
export async function orderTotalErrors(
  trx: Db,
  input: {
    /**
     * The customer's row as the order's transaction read it: locked (FOR UPDATE on PostgreSQL, the
     * write transaction on SQLite), so that concurrent deferred orders of one customer are checked
     * against the credit limit one after another.
     */
    customer: CustomerRules;
    minimumOrderValue: number;
    itemsGross: number;
    isDeferred: boolean;
    grandTotal: number;
  },
): Promise<PlaceOrderError[]> {
  const errors: PlaceOrderError[] = [];
  const shortfall = minimumOrderShortfall(input.minimumOrderValue, input.itemsGross);
  if (shortfall && shortfall.missing > 0) {
    errors.push({
      error: 'ERR_BELOW_MINIMUM_ORDER_VALUE',
      params: {
        minimum: wholeForints(shortfall.minimum, true),
        missing: wholeForints(shortfall.missing, true),
      },
    });
  }
  if (input.isDeferred) {
    const { customer } = input;
    if (customer.credit_limit !== null) {
      const state = await creditStateOf(trx, customer);
      if (!isPaymentAllowed(true, state, input.grandTotal)) {
        errors.push({
          error: 'ERR_CREDIT_LIMIT_EXCEEDED',
          params: { available: wholeForints(availableCredit(state) ?? 0) },
        });
      }
    }
  }
  return errors;
}
