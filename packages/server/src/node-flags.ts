/**
 * The Node flags the shop's server process runs with (decision 0029-young-generation.md), in one
 * place: `npm start`, the README's production unit, the benchmarks and the browser journeys start
 * `node ${SERVER_NODE_FLAGS} packages/server/dist/server.js`, and `npm run seed` / `seed:large` and the
 * benchmarks' seeds run `dist/cli.js` with them (test/node-flags.test.ts holds the npm scripts and the
 * README to this list).
 *
 * `--max-semi-space-size=64`: a young generation of 64 MB per semi-space instead of V8's 16 MB. A
 * catalogue page allocates its rows, its products and its JSON; with 20 pages in flight the small
 * young generation was swept eight times a second, the pages still in flight survived twice and were
 * moved to the old generation, and the old generation filled and was marked twice a second with 10–20
 * ms pauses: the p95 of the 1,000,000-product listing was those pauses. With 64 MB the young
 * generation is swept two or three times a second, what is moved on is what lasts, and the marking
 * pauses are gone (issue 18 point 2). It costs up to about 170 MB more resident memory at load.
 * The large seed allocates the same way: 1,000,000 products in 170 s with it, 215 s without (point 1).
 * V8 reads it only when the process starts: it cannot be set from inside the server.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
