import { useSyncExternalStore } from 'react';

/**
 * What the scanner shows (issue 19): the camera, or the product of a code typed by a hardware
 * scanner into the search field (keyboard wedge). A small store, so the header's button, the search
 * box and the lazily loaded scanner dialog share it without loading the scanner on the first page.
 */
export type ScanRequest = { kind: 'camera' } | { kind: 'code'; code: string };

let current: ScanRequest | null = null;
const listeners = new Set<() => void>();

function set(next: ScanRequest | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function openScanner(request: ScanRequest): void {
  set(request);
}

export function closeScanner(): void {
  set(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => current;
const getServerSnapshot = () => null;

export function useScanRequest(): ScanRequest | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
