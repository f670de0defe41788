/**
 * The listeners of a small store (for useSyncExternalStore): `subscribe` adds one and returns its
 * removal, `emit` tells them all that the state changed.
 */
export function createListeners(): { subscribe(listener: () => void): () => void; emit(): void } {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit() {
      for (const listener of listeners) listener();
    },
  };
}
