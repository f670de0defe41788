import { beforeEach, expect } from 'vitest';

/**
 * Every test makes at least one assertion: a test whose checks all sit behind a condition that
 * never held, or in a callback that never ran, fails instead of passing. (A case that does not apply
 * somewhere is skipped there, e.g. `it.runIf(dialect === 'sqlite')`, and reported as skipped.)
 */
beforeEach(() => {
  expect.hasAssertions();
});
