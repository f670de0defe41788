import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run audit` (part of `npm test`, so of CI): `npm audit --omit=dev` over the whole workspace.
 * Fails on any high or critical vulnerability of a production dependency. When the registry's
 * advisory service cannot be asked (offline, or a proxy that refuses its POST), it says so loudly
 * and passes, unless AUDIT_STRICT=1, which makes an unanswered audit fail too
 * (docs/decisions/0010-security.md).
 */

interface AuditReport {
  vulnerabilities?: Record<
    string,
    { severity?: string; via?: unknown[]; range?: string; fixAvailable?: unknown }
  >;
  metadata?: { vulnerabilities?: Record<string, number> };
  message?: string;
  error?: unknown;
}

export type AuditVerdict =
  | { verdict: 'pass'; lines: string[] }
  | { verdict: 'fail'; lines: string[] }
  | { verdict: 'unchecked'; lines: string[] };

const BLOCKING = new Set(['high', 'critical']);

/** What an `npm audit --json` output means for CI. */
export function judgeAudit(output: string): AuditVerdict {
  let report: AuditReport;
  try {
    report = JSON.parse(output) as AuditReport;
  } catch {
    return { verdict: 'unchecked', lines: ['npm audit gave no JSON answer'] };
  }
  if (!report.metadata?.vulnerabilities) {
    return {
      verdict: 'unchecked',
      lines: [
        `the advisory service did not answer: ${report.message ?? JSON.stringify(report.error ?? report)}`,
      ],
    };
  }
  const counts = report.metadata.vulnerabilities;
  const blocking = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) =>
    BLOCKING.has(v.severity ?? ''),
  );
  const summary = `production dependencies: ${['critical', 'high', 'moderate', 'low', 'info']
    .map((s) => `${counts[s] ?? 0} ${s}`)
    .join(', ')}`;
  if (blocking.length === 0) return { verdict: 'pass', lines: [summary] };
  return {
    verdict: 'fail',
    lines: [
      summary,
      ...blocking.map(([name, v]) => {
        const titles = (v.via ?? [])
          .map((via) => (typeof via === 'object' && via && 'title' in via ? String(via.title) : String(via)))
          .join('; ');
        return `  ${v.severity}: ${name} ${v.range ?? ''} — ${titles}${v.fixAvailable ? ' (fix available: npm audit fix)' : ''}`;
      }),
    ],
  };
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8' });
  const result = judgeAudit(run.stdout);
  const strict = process.env.AUDIT_STRICT === '1';
  if (result.verdict === 'pass') {
    console.log(`npm audit: no high or critical vulnerability (${result.lines.join('; ')})`);
    return;
  }
  if (result.verdict === 'fail') {
    console.error('npm audit: high or critical vulnerabilities in production dependencies:');
    for (const line of result.lines) console.error(line);
    process.exitCode = 1;
    return;
  }
  const banner = strict ? 'npm audit FAILED' : 'WARNING: npm audit NOT CHECKED';
  console.error(`${banner}: ${result.lines.join('; ')}`);
  if (strict) process.exitCode = 1;
  else console.error('(set AUDIT_STRICT=1 to fail when the advisory service cannot be reached)');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
