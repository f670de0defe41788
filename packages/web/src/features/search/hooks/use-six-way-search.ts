import { useEffect, useState, useSyncExternalStore } from 'react';
import { useApiClient } from '../../../lib/api-client-context';
import { createSixWaySearch, type SixWaySearchState } from '../api/six-way-search';

/**
 * Runs the six-way search for the term (and again when the language or the viewer changes, since
 * names and prices depend on them); a new term aborts the pending run, leaving the page cancels it.
 */
export function useSixWaySearch(
  term: string | null,
  scope: { language: string; viewer: string | number | null },
): SixWaySearchState {
  const api = useApiClient();
  const [search] = useState(() => createSixWaySearch(api));
  const state = useSyncExternalStore(search.subscribe, search.getState, search.getState);
  const { language, viewer } = scope;
  useEffect(() => {
    if (!term) return;
    search.run(term);
    return () => search.cancel();
  }, [search, term, language, viewer]);
  return state;
}
