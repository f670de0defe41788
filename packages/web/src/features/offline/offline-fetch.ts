import type { FetchLike } from '../../lib/api-client';

/**
 * The API client's fetch (issue 19): while a catalogue is kept offline on this device (the
 * `offline_catalogue` entry of lib/storage.ts), every call goes through the offline answerer (a
 * lazy module with the IndexedDB store), which sends it to the server when it can and answers
 * catalogue and cart calls from the stored data when it cannot. Without a stored catalogue this is
 * the plain fetch: nothing more loads. (No import of lib/storage: this is in the first page.)
 */
let answerer: Promise<FetchLike> | undefined;

function keepsCatalogue(): boolean {
  try {
    return localStorage.getItem('offline_catalogue') !== null;
  } catch {
    return false;
  }
}

export const offlineAwareFetch: FetchLike = (input, init) => {
  if (!keepsCatalogue()) return fetch(input, init);
  answerer ??= import('./offline-answer').then((module) => module.answerOrFetch);
  return answerer.then((answer) => answer(input, init));
};
