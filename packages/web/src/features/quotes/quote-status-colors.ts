import type { QuoteStatus } from '@shop/shared/contracts/quotes';

export type QuoteStatusColor = 'default' | 'success' | 'warning' | 'info';

/**
 * The chip colour of each quote status, as the buyer and the back office see it: amber while
 * someone on the buyer's side has to act, blue while the shop's offer waits, green when accepted.
 */
export const QUOTE_STATUS_COLORS: Readonly<Record<QuoteStatus, QuoteStatusColor>> = {
  requested: 'warning',
  offered: 'info',
  pending_approval: 'warning',
  accepted: 'success',
  rejected: 'default',
  declined: 'default',
  expired: 'default',
};

/** The sales agent's view: a quote waiting for the buyer's approver is no longer the agent's move. */
export const AGENT_QUOTE_STATUS_COLORS: Readonly<Record<QuoteStatus, QuoteStatusColor>> = {
  ...QUOTE_STATUS_COLORS,
  pending_approval: 'info',
};
