import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useApiClient } from '../../../lib/api-client-context';
import { markInitialSearchUsed, unusedInitialSearch, useInitialSearch } from '../api/initial-search';
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
  const initial = useInitialSearch();
  const { language, viewer } = scope;
  // The server's finished search for this very page, if any: the first run is already done.
  const [startState] = useState(() => unusedInitialSearch(initial, term, language, viewer));
  const [search] = useState(() => createSixWaySearch(api, undefined, startState));
  const skipFirstRun = useRef(startState !== undefined);
  const state = useSyncExternalStore(search.subscribe, search.getState, search.getState);
  useEffect(() => {
    if (!term) return;
    if (skipFirstRun.current) {
      skipFirstRun.current = false;
      markInitialSearchUsed(initial);
      return;
    }
    search.run(term);
    return () => search.cancel();
  }, [search, term, language, viewer, initial]);
  return state;
}
