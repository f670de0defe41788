/**
 * Where the process is in its life: `starting` while it waits for the database and migrates,
 * `ready` while it serves, `stopping` after SIGTERM while it finishes the requests in flight.
 * `/api/health` answers in every phase (the process is alive); `/api/ready` and every other API
 * call answer 503 `ERR_SERVICE_UNAVAILABLE` unless the phase is `ready`, so a load balancer sends
 * buyers only to processes that can serve them.
 */
export type StartupPhase = 'starting' | 'ready' | 'stopping';

export interface StartupState {
  phase: StartupPhase;
  /** Why the process is not ready (e.g. the database error), shown by /api/ready. */
  reason: string | undefined;
}

export function createStartupState(phase: StartupPhase = 'ready'): StartupState {
  return { phase, reason: undefined };
}
