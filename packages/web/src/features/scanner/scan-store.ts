import { useSyncExternalStore } from 'react';
import { createListeners } from '../../lib/listeners';

/**
 * What the scanner shows (issue 19): the camera, or the product of a code typed by a hardware
 * scanner into the search field (keyboard wedge). A small store, so the header's button, the search
 * box and the lazily loaded scanner dialog share it without loading the scanner on the first page.
 */
export type ScanRequest = { kind: 'camera' } | { kind: 'code'; code: string };

let current: ScanRequest | null = null;
const { subscribe, emit } = createListeners();

function set(next: ScanRequest | null): void {
  current = next;
  emit();
}

export function openScanner(request: ScanRequest): void {
  set(request);
}

export function closeScanner(): void {
  set(null);
}

const getSnapshot = () => current;
const getServerSnapshot = () => null;

export function useScanRequest(): ScanRequest | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
