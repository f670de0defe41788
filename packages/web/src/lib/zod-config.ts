/**
 * Zod compiles object parsers with `new Function` when the page allows it, and first probes whether
 * it does. Under the shop's Content-Security-Policy (no 'unsafe-eval') that probe is blocked and the
 * browser reports a CSP violation (Lighthouse best practices: "issues logged in the Issues panel").
 * The shop's schemas are small, so they run without compiled parsers (`jitless`) and nothing is
 * probed. Zod takes its settings from `globalThis.__zod_globalConfig` when that is already there, so
 * this module sets it without importing zod (which keeps zod out of the first page's JavaScript);
 * main.tsx imports it first, before any schema is built. zod-config.test.ts checks zod reads it.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
// The same object zod uses (if it were loaded already, it keeps reading this one).
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
