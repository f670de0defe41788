import { createContext, useContext, type ReactNode } from 'react';
import type { SixWaySearchState } from './six-way-search';

/**
 * A finished six-way search the page starts with (decision 0016): the server runs the search of a
 * server-rendered result page, renders the groups from it and sends it with the page; the browser
 * hydrates from the same state and does not search again. It holds for one term, language and
 * viewer (anonymous), and only for the page's first search.
 */
export interface InitialSearch {
  language: string;
  state: SixWaySearchState;
}

/** Searches already started from: a later search (another term, then back) fetches. */
const used = new WeakSet<InitialSearch>();

/** The finished search for this term, language and viewer, if the page has not used it yet. */
export function unusedInitialSearch(
  initial: InitialSearch | null,
  term: string | null,
  language: string,
  viewer: string | number | null,
): SixWaySearchState | undefined {
  if (!initial || used.has(initial) || term === null) return undefined;
  return initial.state.term === term && initial.language === language && viewer === null
    ? initial.state
    : undefined;
}

export function markInitialSearchUsed(initial: InitialSearch | null): void {
  if (initial) used.add(initial);
}

const InitialSearchContext = createContext<InitialSearch | null>(null);

export function InitialSearchProvider({
  value,
  children,
}: {
  value: InitialSearch | null;
  children: ReactNode;
}) {
  return <InitialSearchContext.Provider value={value}>{children}</InitialSearchContext.Provider>;
}

export function useInitialSearch(): InitialSearch | null {
  return useContext(InitialSearchContext);
}
