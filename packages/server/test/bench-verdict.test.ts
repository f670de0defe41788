import { describe, expect, it } from 'vitest';
import {
  judgeAdmin,
  judgeCatalogue,
  judgeCheckout,
  judgeCpu,
  judgeLighthouse,
  verdictReport,
  type AdminRow,
  type CatalogueRow,
  type CheckoutOrderRow,
  type CheckoutQuantityRow,
  type LighthouseRow,
} from '../bench/bench-verdict';

/** The exit decision of the benchmarks (issue 21 point 19), without running one. */

const figures = { p50: 5, p99: 20, rps: 1000, non2xx: 0, errors: 0 };

/** A maker of rows that meet every target, with some fields changed. */
const rowOf =
  <Row>(passing: Row) =>
  (changes: Partial<Row>): Row => ({ ...passing, ...changes });

const catalogueRow = rowOf<CatalogueRow>({
  name: 'sqlite: listing page 1',
  dialect: 'sqlite',
  kind: 'listing',
  p95: 10,
  ...figures,
});
const quantityRow = rowOf<CheckoutQuantityRow>({
  name: 'sqlite: set-product-quantity',
  dialect: 'sqlite',
  paced: true,
  p95: 10,
  ...figures,
});
const orderRow = rowOf<CheckoutOrderRow>({
  dialect: 'sqlite',
  ordersPerSecond: 236,
  failures: 0,
  oversold: 0,
  negative: 0,
  hotSold: 300,
  hotDecrement: 300,
});
const pageRow = rowOf<LighthouseRow>({
  page: 'home',
  performance: 99,
  accessibility: 100,
  bestPractices: 100,
  requestFailures: [],
});

describe('verdictReport', () => {
  it('exits 0 when every target is met, and says so', () => {
    const report = verdictReport({ missed: [], failed: [], skipped: [] });
    expect(report.exitCode).toBe(0);
    expect(report.lines).toEqual(['PASS: every target met, no failed request']);
  });

  it('exits 1 on a missed target and on a failure, naming each', () => {
    const missed = verdictReport({ missed: ['sqlite: listing p95: 30 ms'], failed: [], skipped: [] });
    expect(missed.exitCode).toBe(1);
    expect(missed.lines).toContain('MISSED sqlite: listing p95: 30 ms');
    const failed = verdictReport({ missed: [], failed: ['sqlite: search: 3 non-2xx'], skipped: [] });
    expect(failed.exitCode).toBe(1);
    expect(failed.lines).toContain('FAILED sqlite: search: 3 non-2xx');
    expect(failed.lines.at(-1)).toBe('FAIL: 0 target(s) missed, 1 failure(s); exit code 1');
  });

  it('prints a skipped database plainly without failing the run', () => {
    const report = verdictReport({ missed: [], failed: [], skipped: ['PostgreSQL: not measured'] });
    expect(report.exitCode).toBe(0);
    expect(report.lines[0]).toBe('SKIPPED PostgreSQL: not measured');
    expect(report.lines.at(-1)).toMatch(/^PASS for what was measured/);
  });
});

describe('judgeCatalogue', () => {
  it('passes listings under 25 ms and searches under 40 ms on SQLite', () => {
    const verdict = judgeCatalogue(
      [catalogueRow({ p95: 24.9 }), catalogueRow({ name: 'sqlite: search name', kind: 'search', p95: 39.9 })],
      [],
    );
    expect(verdict).toEqual({ missed: [], failed: [], skipped: [] });
  });

  it('misses a listing at 25 ms and a search at 40 ms', () => {
    const verdict = judgeCatalogue(
      [catalogueRow({ p95: 25 }), catalogueRow({ name: 'sqlite: search name', kind: 'search', p95: 40 })],
      [],
    );
    expect(verdict.missed).toEqual([
      'sqlite: listing page 1 p95: 25 ms, target under 25 ms',
      'sqlite: search name p95: 40 ms, target under 40 ms',
    ]);
    expect(verdictReport(verdict).exitCode).toBe(1);
  });

  it('reports PostgreSQL without a latency target but fails its failed requests', () => {
    const verdict = judgeCatalogue(
      [catalogueRow({ name: 'postgres: listing page 1', dialect: 'postgres', p95: 60, non2xx: 2 })],
      [],
    );
    expect(verdict.missed).toEqual([]);
    expect(verdict.failed).toEqual(['postgres: listing page 1: 2 non-2xx answers, 0 errors']);
  });

  it('fails on connection errors and keeps the skipped databases', () => {
    const verdict = judgeCatalogue([catalogueRow({ errors: 1 })], ['PostgreSQL: not measured']);
    expect(verdict.failed).toEqual(['sqlite: listing page 1: 0 non-2xx answers, 1 errors']);
    expect(verdict.skipped).toEqual(['PostgreSQL: not measured']);
  });
});

describe('judgeCheckout', () => {
  it('passes the measured figures of the README', () => {
    const verdict = judgeCheckout(
      [quantityRow({ p95: 16.4 }), quantityRow({ paced: false, p95: 78 })],
      [orderRow({})],
      [],
    );
    expect(verdict).toEqual({ missed: [], failed: [], skipped: [] });
  });

  it('misses paced set-product-quantity at 30 ms and fewer than 200 orders a second on SQLite', () => {
    const verdict = judgeCheckout([quantityRow({ p95: 30 })], [orderRow({ ordersPerSecond: 199.9 })], []);
    expect(verdict.missed).toEqual([
      'sqlite: set-product-quantity p95: 30 ms, target under 30 ms',
      'sqlite: place-order: 199.9 orders/s, target at least 200 orders/s',
    ]);
  });

  it('holds PostgreSQL to no failure and no oversell, not to the SQLite figures', () => {
    const verdict = judgeCheckout(
      [quantityRow({ dialect: 'postgres', p95: 268 })],
      [
        orderRow({
          dialect: 'postgres',
          ordersPerSecond: 144,
          oversold: 1,
          negative: 2,
          hotSold: 5,
          hotDecrement: 4,
        }),
      ],
      [],
    );
    expect(verdict.missed).toEqual([]);
    expect(verdict.failed).toEqual([
      "postgres: 1 products' stock ≠ initial − ordered",
      'postgres: 2 products below 0 in stock',
      'postgres: hot product sold 5 but its stock went down 4',
    ]);
  });

  it('fails on failed place-order calls and failed quantity requests', () => {
    const verdict = judgeCheckout([quantityRow({ non2xx: 3 })], [orderRow({ failures: 2 })], []);
    expect(verdict.failed).toEqual([
      'sqlite: set-product-quantity: 3 non-2xx answers, 0 errors',
      'sqlite: 2 place-order calls failed',
    ]);
  });
});

describe('judgeCpu', () => {
  it('has no target: only failed requests fail it', () => {
    expect(judgeCpu([{ name: 'listing', failures: 0 }], []).failed).toEqual([]);
    const verdict = judgeCpu([{ name: 'listing', failures: 4 }], ['PostgreSQL: not measured']);
    expect(verdict.failed).toEqual(['listing: 4 requests failed']);
    expect(verdictReport(verdict).exitCode).toBe(1);
  });
});

describe('judgeLighthouse', () => {
  it('passes performance 95, accessibility 100 and best practices 95', () => {
    const verdict = judgeLighthouse([pageRow({ performance: 95, bestPractices: 95 })]);
    expect(verdictReport(verdict).exitCode).toBe(0);
  });

  it('misses each score below its target', () => {
    const verdict = judgeLighthouse([
      pageRow({ page: 'cart', performance: 94, accessibility: 98, bestPractices: 92 }),
    ]);
    expect(verdict.missed).toEqual([
      'cart: performance: 94 points, target at least 95 points',
      'cart: accessibility: 98 points, target at least 100 points',
      'cart: best practices: 92 points, target at least 95 points',
    ]);
  });

  it('fails a page whose requests failed even when its scores are met', () => {
    const verdict = judgeLighthouse([
      pageRow({ requestFailures: ['answered 500: http://127.0.0.1/api/cart'] }),
    ]);
    expect(verdict.missed).toEqual([]);
    expect(verdict.failed).toEqual(['home: answered 500: http://127.0.0.1/api/cart']);
    expect(verdictReport(verdict).exitCode).toBe(1);
  });
});

describe('judgeAdmin', () => {
  const adminRow = rowOf<AdminRow>({ name: 'sqlite: orders page 1', dialect: 'sqlite', p95: 40, ...figures });

  it('passes every list within 100 ms p95 on both databases', () => {
    const verdict = judgeAdmin(
      [adminRow({ p95: 100 }), adminRow({ name: 'postgres: orders page 1', dialect: 'postgres', p95: 99.9 })],
      [],
    );
    expect(verdict).toEqual({ missed: [], failed: [], skipped: [] });
    expect(verdictReport(verdict).exitCode).toBe(0);
  });

  it('misses a list over 100 ms on PostgreSQL as on SQLite, and fails failed requests', () => {
    const verdict = judgeAdmin(
      [
        adminRow({ p95: 100.1 }),
        adminRow({ name: 'postgres: customers page 1', dialect: 'postgres', p95: 180, non2xx: 3 }),
      ],
      ['PostgreSQL: not measured'],
    );
    expect(verdict.missed).toEqual([
      'sqlite: orders page 1 p95: 100.1 ms, target 100 ms or less',
      'postgres: customers page 1 p95: 180 ms, target 100 ms or less',
    ]);
    expect(verdict.failed).toEqual(['postgres: customers page 1: 3 non-2xx answers, 0 errors']);
    expect(verdict.skipped).toEqual(['PostgreSQL: not measured']);
    expect(verdictReport(verdict).exitCode).toBe(1);
  });

  it('fails a scenario in which no request was answered (no latency is not a fast one)', () => {
    const verdict = judgeAdmin([adminRow({ p50: 0, p95: 0, p99: 0, rps: 0 })], []);
    expect(verdict.missed).toEqual([]);
    expect(verdict.failed).toEqual(['sqlite: orders page 1: no request answered during the run']);
    expect(verdictReport(verdict).exitCode).toBe(1);
  });
});
