/**
 * Back-office permissions (issue 7). Each admin endpoint requires one permission; a role grants a
 * fixed set of them. Administrators have every permission; staff have the day-to-day ones but not
 * settings, staff accounts, the ERP integration or the audit log.
 */
export const ADMIN_PERMISSIONS = [
  'registrations',
  'customers',
  'catalogue',
  'orders',
  'content',
  'logistics',
  'settings',
  'statistics',
  'staff',
  'integration',
  'audit',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** The roles that may use the back office. */
export const ADMIN_ROLES = ['admin', 'staff'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The permissions only administrators have: staff have every other one. */
const ADMIN_ONLY_PERMISSIONS: ReadonlySet<AdminPermission> = new Set<AdminPermission>([
  'settings',
  'staff',
  'integration',
  'audit',
]);

export function isAdminRole(role: unknown): role is AdminRole {
  return role === 'admin' || role === 'staff';
}

/** Does this role (any user role, e.g. 'customer') grant the permission? Only admin and staff grant any. */
export function roleHasPermission(role: string, permission: AdminPermission): boolean {
  if (role === 'admin') return true;
  if (role === 'staff') return !ADMIN_ONLY_PERMISSIONS.has(permission);
  return false;
}

/** Every permission a role grants, in the order of ADMIN_PERMISSIONS. */
export function permissionsOf(role: string): AdminPermission[] {
  return ADMIN_PERMISSIONS.filter((permission) => roleHasPermission(role, permission));
}
