/**
 * Which unique column a failed insert or update collided with, on either dialect:
 * SQLite says "UNIQUE constraint failed: customers.tax_number" (code SQLITE_CONSTRAINT_UNIQUE),
 * PostgreSQL sends code 23505 with the constraint name (customers_tax_number_key) and a detail
 * "Key (tax_number)=(...) already exists.". Null when the error is not a unique violation.
 */
export function uniqueViolationColumn(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown; detail?: unknown };
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const match = /UNIQUE constraint failed: ([\w.]+)/.exec(String(e.message ?? ''));
    const column = match?.[1]?.split('.').pop();
    return column ?? 'unknown';
  }
  if (e.code === '23505') {
    const detail = /Key \(([^)]+)\)/.exec(String(e.detail ?? ''));
    if (detail?.[1]) return detail[1].replace(/^lower\((.*)\)$/, '$1').replace(/"/g, '');
    const constraint = String(e.constraint ?? '');
    for (const column of ['company_registration_number', 'tax_number', 'username', 'email']) {
      if (constraint.includes(column)) return column;
    }
    return 'unknown';
  }
  return null;
}
