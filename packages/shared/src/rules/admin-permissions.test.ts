import { describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS, isAdminRole, permissionsOf, roleHasPermission } from './admin-permissions';

describe('admin permissions', () => {
  it('gives administrators every permission', () => {
    for (const permission of ADMIN_PERMISSIONS) expect(roleHasPermission('admin', permission)).toBe(true);
    expect(permissionsOf('admin')).toEqual([...ADMIN_PERMISSIONS]);
  });

  it('gives staff the day-to-day permissions but not settings, staff, integration or audit', () => {
    expect(permissionsOf('staff')).toEqual([
      'registrations',
      'customers',
      'catalogue',
      'orders',
      'content',
      'logistics',
      'statistics',
    ]);
    for (const permission of ['settings', 'staff', 'integration', 'audit'] as const) {
      expect(roleHasPermission('staff', permission)).toBe(false);
    }
  });

  it('gives customers, agents and unknown roles nothing', () => {
    for (const role of ['customer', 'agent', '', 'ADMIN']) {
      expect(permissionsOf(role)).toEqual([]);
      expect(isAdminRole(role)).toBe(false);
    }
    expect(isAdminRole('admin')).toBe(true);
    expect(isAdminRole('staff')).toBe(true);
  });
});
