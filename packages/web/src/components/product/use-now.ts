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
    // Only a time older than a tick moves on: the first components to subscribe have just rendered
    // with `current`, and changing it under them would render them all again at once.
    if (Date.now() - current >= TICK_MS) current = Date.now();
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
/** A server render (no subscriptions, no timer there) reads the clock; hydration reads `current`. */
const serverSnapshot = () => (typeof window === 'undefined' ? Date.now() : current);

/** Milliseconds since the epoch, at most a minute old. */
export function useNowMs(): number {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
