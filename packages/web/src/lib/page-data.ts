/** What is read of a query here (any query's type fits it, so no option's inference changes). */
interface QueryLike {
  queryHash: string;
  state: { dataUpdatedAt: number; status: string };
}

/**
 * Data that came with a server-rendered page (decisions 0016, 0017). Queries that must be fetched
 * anew whenever their page mounts (the cart pages load without caching, docs/product.md §9) would
 * otherwise fetch again what the server fetched for this very page load, a moment ago, and render
 * the page a second time while the phone is still busy taking it over. Until the visitor first
 * navigates, such a query's data counts as fetched by the page's mount while it is still the data
 * that came with the page; any later fetch or change makes it ordinary data again.
 */
const served = new Map<string, number>();

/** Records the queries the page came with (their hash and the time of their data). */
export function markServedWithPage(queries: Iterable<QueryLike>): void {
  for (const query of queries) served.set(query.queryHash, query.state.dataUpdatedAt);
}

/** The first navigation: from now on every mount fetches as usual. */
export function endServedWithPage(): void {
  served.clear();
}

function isServedWithPage(query: QueryLike): boolean {
  return served.get(query.queryHash) === query.state.dataUpdatedAt && query.state.status === 'success';
}

/**
 * Options of a query fetched again whenever its page mounts, except the first mount of the data
 * its server-rendered page came with.
 */
export const FRESH_ON_MOUNT = {
  staleTime: (query: QueryLike) => (isServedWithPage(query) ? Infinity : 0),
  refetchOnMount: (query: QueryLike): boolean | 'always' => (isServedWithPage(query) ? false : 'always'),
} as const;
