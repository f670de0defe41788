/**
 * Whether a benchmark run met its targets. Pure (no I/O), so `test/bench-verdict.test.ts` checks the
 * judgement without running a benchmark. The targets are the ones the README's "Performance" section
 * reports against; a benchmark ends with `finish(verdict)`, which prints the verdict and makes the
 * process exit 1 when a target was missed or a request failed. A database that was not measured is
 * named in the verdict; a skip alone does not fail the run.
 */
import type { Figures } from './bench-lib';

export interface Verdict {
  /** Targets missed, one line each. */
  missed: string[];
  /** Failed requests, errors and broken invariants (e.g. an oversell), one line each. */
  failed: string[];
  /** Databases not measured, with the reason, one line each. */
  skipped: string[];
}

/** The figures a verdict needs from a load scenario. */
export type LoadFigures = Pick<Figures, 'name' | 'p95' | 'non2xx' | 'errors'>;

/** A line for a figure that must stay under a limit, or none. */
export function missedUnder(label: string, value: number, limit: number, unit: string): string[] {
  return value < limit ? [] : [`${label}: ${value} ${unit}, target under ${limit} ${unit}`];
}

/** A line for a figure that must reach a limit, or none. */
export function missedAtLeast(label: string, value: number, limit: number, unit: string): string[] {
  return value >= limit ? [] : [`${label}: ${value} ${unit}, target at least ${limit} ${unit}`];
}

/** A line per scenario with non-2xx answers or errors (connection errors, timeouts). */
export function failedRequests(rows: readonly LoadFigures[]): string[] {
  return rows
    .filter((row) => row.non2xx > 0 || row.errors > 0)
    .map((row) => `${row.name}: ${row.non2xx} non-2xx answers, ${row.errors} errors`);
}

/** The lines that end a benchmark's output, and its exit code: 1 on a missed target or a failure. */
export function verdictReport(verdict: Verdict): { lines: string[]; exitCode: 0 | 1 } {
  const lines = [
    ...verdict.skipped.map((line) => `SKIPPED ${line}`),
    ...verdict.missed.map((line) => `MISSED ${line}`),
    ...verdict.failed.map((line) => `FAILED ${line}`),
  ];
  const bad = verdict.missed.length + verdict.failed.length;
  if (bad === 0) {
    lines.push(
      verdict.skipped.length === 0
        ? 'PASS: every target met, no failed request'
        : 'PASS for what was measured: every target met, no failed request (see SKIPPED above)',
    );
    return { lines, exitCode: 0 };
  }
  lines.push(
    `FAIL: ${verdict.missed.length} target(s) missed, ${verdict.failed.length} failure(s); exit code 1`,
  );
  return { lines, exitCode: 1 };
}

/** Prints the verdict and sets the process's exit code. */
export function finish(verdict: Verdict): void {
  const { lines, exitCode } = verdictReport(verdict);
  console.log(`\n${lines.join('\n')}`);
  if (exitCode !== 0) process.exitCode = exitCode;
}

/* ---------------------------------------------------------------- catalogue */

/** README "Performance", catalogue (issue 4): p95 on SQLite. PostgreSQL is reported without a target. */
export const CATALOGUE_TARGETS = { listingP95Ms: 25, searchP95Ms: 40 } as const;

export interface CatalogueRow extends Figures {
  dialect: 'sqlite' | 'postgres';
  /** Listings (products/all, with or without a category) or searches (products and categories). */
  kind: 'listing' | 'search';
}

export function judgeCatalogue(rows: readonly CatalogueRow[], skipped: string[]): Verdict {
  const missed = rows
    .filter((row) => row.dialect === 'sqlite')
    .flatMap((row) =>
      missedUnder(
        `${row.name} p95`,
        row.p95,
        row.kind === 'listing' ? CATALOGUE_TARGETS.listingP95Ms : CATALOGUE_TARGETS.searchP95Ms,
        'ms',
      ),
    );
  // A scenario in which no request was answered at all has no latency to judge: a failure, not a pass.
  const silent = rows
    .filter((row) => row.rps === 0 && row.p95 === 0)
    .map((row) => `${row.name}: no request answered during the run`);
  return { missed, failed: [...failedRequests(rows), ...silent], skipped };
}

/* ---------------------------------------------------------------- checkout */

/**
 * README "Performance", checkout (issue 5), on SQLite: set-product-quantity p95 under 30 ms for buyers
 * who pause between clicks, at least 200 orders per second. On every database: no failed call, no
 * oversell, no stock below 0, and the hot product's stock went down by exactly what was sold.
 */
export const CHECKOUT_TARGETS = { pacedSetQuantityP95Ms: 30, ordersPerSecond: 200 } as const;

export interface CheckoutQuantityRow extends Figures {
  dialect: 'sqlite' | 'postgres';
  /** Buyers pausing between clicks (the target applies) or flat out (throughput only). */
  paced: boolean;
}

export interface CheckoutOrderRow {
  dialect: 'sqlite' | 'postgres';
  ordersPerSecond: number;
  failures: number;
  oversold: number;
  negative: number;
  hotSold: number;
  hotDecrement: number;
}

export function judgeCheckout(
  quantityRows: readonly CheckoutQuantityRow[],
  orderRows: readonly CheckoutOrderRow[],
  skipped: string[],
): Verdict {
  const missed = [
    ...quantityRows
      .filter((row) => row.dialect === 'sqlite' && row.paced)
      .flatMap((row) =>
        missedUnder(`${row.name} p95`, row.p95, CHECKOUT_TARGETS.pacedSetQuantityP95Ms, 'ms'),
      ),
    ...orderRows
      .filter((row) => row.dialect === 'sqlite')
      .flatMap((row) =>
        missedAtLeast(
          `${row.dialect}: place-order`,
          row.ordersPerSecond,
          CHECKOUT_TARGETS.ordersPerSecond,
          'orders/s',
        ),
      ),
  ];
  const failed = [
    ...failedRequests(quantityRows),
    ...orderRows.flatMap((row) => [
      ...(row.failures > 0 ? [`${row.dialect}: ${row.failures} place-order calls failed`] : []),
      ...(row.oversold > 0 ? [`${row.dialect}: ${row.oversold} products' stock ≠ initial − ordered`] : []),
      ...(row.negative > 0 ? [`${row.dialect}: ${row.negative} products below 0 in stock`] : []),
      ...(row.hotSold !== row.hotDecrement
        ? [`${row.dialect}: hot product sold ${row.hotSold} but its stock went down ${row.hotDecrement}`]
        : []),
    ]),
  ];
  return { missed, failed, skipped };
}

/* ---------------------------------------------------------------- CPU per request */

/** bench:cpu has no target figure (README): it fails only on failed requests. */
export function judgeCpu(rows: readonly { name: string; failures: number }[], skipped: string[]): Verdict {
  return {
    missed: [],
    failed: rows
      .filter((row) => row.failures > 0)
      .map((row) => `${row.name}: ${row.failures} requests failed`),
    skipped,
  };
}

/* ---------------------------------------------------------------- Lighthouse */

/** README "Front end" (issue 8): on every page, the median of the runs. */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, bestPractices: 95 } as const;

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Pages Lighthouse could not load and requests answered 4xx/5xx, in any run. */
  requestFailures: string[];
}

export function judgeLighthouse(rows: readonly LighthouseRow[]): Verdict {
  const missed = rows.flatMap((row) => [
    ...missedAtLeast(`${row.page}: performance`, row.performance, LIGHTHOUSE_TARGETS.performance, 'points'),
    ...missedAtLeast(
      `${row.page}: accessibility`,
      row.accessibility,
      LIGHTHOUSE_TARGETS.accessibility,
      'points',
    ),
    ...missedAtLeast(
      `${row.page}: best practices`,
      row.bestPractices,
      LIGHTHOUSE_TARGETS.bestPractices,
      'points',
    ),
  ]);
  const failed = rows.flatMap((row) => row.requestFailures.map((failure) => `${row.page}: ${failure}`));
  return { missed, failed, skipped: [] };
}

/* ---------------------------------------------------------------- back office */

/** Issue 18 point 5 (bench:admin): every back-office list answers within 100 ms p95, on every database. */
export const ADMIN_TARGETS = { listP95Ms: 100 } as const;

export interface AdminRow extends Figures {
  dialect: 'sqlite' | 'postgres';
}

export function judgeAdmin(rows: readonly AdminRow[], skipped: string[]): Verdict {
  // "Within 100 ms": 100 itself passes.
  const missed = rows.flatMap((row) =>
    row.p95 <= ADMIN_TARGETS.listP95Ms
      ? []
      : [`${row.name} p95: ${row.p95} ms, target ${ADMIN_TARGETS.listP95Ms} ms or less`],
  );
  // A scenario in which no request was answered at all has no latency to judge: a failure, not a pass.
  const silent = rows
    .filter((row) => row.rps === 0 && row.p95 === 0)
    .map((row) => `${row.name}: no request answered during the run`);
  return { missed, failed: [...failedRequests(rows), ...silent], skipped };
}
