/**
 * The life of an order in the back office (issue 7). place-order writes `new`; staff move it on:
 *
 *   new ──▶ confirmed ──▶ processing ──▶ shipped ──▶ completed
 *    │          │             │
 *    └──────────┴─────────────┴──▶ cancelled
 *
 * `completed` and `cancelled` are final. An order can be cancelled until it leaves the warehouse
 * (`shipped`); cancelling puts its pieces back into stock (nothing left the shelf yet).
 */
export const ORDER_STATUSES = [
  'new',
  'confirmed',
  'processing',
  'shipped',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['confirmed', 'cancelled'],
  confirmed: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['completed'],
  completed: [],
  cancelled: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The statuses an order in `from` may move to (none for an unknown status). */
export function nextOrderStatuses(from: string): readonly OrderStatus[] {
  return isOrderStatus(from) ? ORDER_STATUS_TRANSITIONS[from] : [];
}

export function canChangeOrderStatus(from: string, to: string): boolean {
  return nextOrderStatuses(from).some((status) => status === to);
}

/** Whether moving to `to` puts the ordered pieces back into stock. */
export function returnsStock(to: OrderStatus): boolean {
  return to === 'cancelled';
}
