import { useSyncExternalStore } from 'react';

/**
 * The current time for price rules (a special price starts and ends at an instant), read outside
 * render and refreshed every minute while some component listens.
 */
const TICK_MS = 60_000;
let current = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    current = Date.now();
    timer = setInterval(() => {
      current = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

const snapshot = () => current;

/** Milliseconds since the epoch, at most a minute old. */
export function useNowMs(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
