import { describe, expect, it } from 'vitest';
import { judgeAudit } from '../scripts/audit';

/** The CI audit step (`npm run audit`): what each `npm audit --omit=dev --json` answer means. */
function report(vulnerabilities: Record<string, { severity: string; title: string }>): string {
  const counts: Record<string, number> = { info: 0, low: 0, moderate: 0, high: 0, critical: 0 };
  for (const v of Object.values(vulnerabilities)) counts[v.severity] = (counts[v.severity] ?? 0) + 1;
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: Object.fromEntries(
      Object.entries(vulnerabilities).map(([name, v]) => [
        name,
        {
          name,
          severity: v.severity,
          isDirect: false,
          via: [{ title: v.title, severity: v.severity }],
          range: '<9.9.9',
          fixAvailable: true,
        },
      ]),
    ),
    metadata: { vulnerabilities: { ...counts, total: Object.keys(vulnerabilities).length } },
  });
}

describe('the audit step', () => {
  it('passes a clean report', () => {
    expect(judgeAudit(report({})).verdict).toBe('pass');
  });

  it('passes low and moderate findings', () => {
    const result = judgeAudit(
      report({ a: { severity: 'low', title: 'x' }, b: { severity: 'moderate', title: 'y' } }),
    );
    expect(result.verdict).toBe('pass');
    expect(result.lines[0]).toContain('1 moderate');
  });

  it.each(['high', 'critical'])('fails a %s finding and names it', (severity) => {
    const result = judgeAudit(report({ 'bad-lib': { severity, title: 'Prototype pollution' } }));
    expect(result.verdict).toBe('fail');
    expect(result.lines.join('\n')).toContain('bad-lib');
    expect(result.lines.join('\n')).toContain('Prototype pollution');
  });

  it('reports an unanswered audit as unchecked, never as a pass', () => {
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    });
    expect(judgeAudit(refused).verdict).toBe('unchecked');
    expect(judgeAudit('').verdict).toBe('unchecked');
  });
});
