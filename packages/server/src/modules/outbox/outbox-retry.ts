/**
 * When a message whose delivery failed is tried again: exponential backoff with full jitter
 * (the delay is drawn uniformly below a ceiling that doubles with every attempt, from
 * `retryStartMs` up to `retryMaxMs`), and no more tries once `giveUpMs` have passed since the
 * message was written. Pure, so the schedule is tested without a clock.
 */
export interface RetryPolicy {
  retryStartMs: number;
  retryMaxMs: number;
  giveUpMs: number;
}

/** The ceiling of the delay after the `attempts`-th failed attempt (1 = the first). */
export function backoffCeilingMs(
  attempts: number,
  policy: Pick<RetryPolicy, 'retryStartMs' | 'retryMaxMs'>,
): number {
  const doublings = Math.max(0, Math.min(attempts - 1, 40));
  return Math.min(policy.retryMaxMs, policy.retryStartMs * 2 ** doublings);
}

export type RetryDecision = { giveUp: true } | { giveUp: false; at: Date };

/**
 * After a failed attempt: give up when the give-up time has come, else the next attempt's time
 * (never later than the give-up time, so the last try happens right then). `random` is in [0, 1).
 */
export function nextAttempt(
  policy: RetryPolicy,
  state: { attempts: number; createdAt: Date; now: Date },
  random: () => number = Math.random,
): RetryDecision {
  const deadline = state.createdAt.getTime() + policy.giveUpMs;
  const now = state.now.getTime();
  if (now >= deadline) return { giveUp: true };
  const delay = Math.floor(random() * backoffCeilingMs(state.attempts, policy));
  return { giveUp: false, at: new Date(Math.min(now + delay, deadline)) };
}
