import { expect } from 'vitest';
import type { ApiKeyCreated } from '@shop/shared/contracts/admin-integration';
import type { AdminWorld } from '../admin-catalogue/admin-catalogue-test-setup';

/** A new ERP API key named `name`, made by the world's administrator (the call must answer 201). */
export async function createApiKey(w: AdminWorld, name: string): Promise<ApiKeyCreated> {
  const created = await w.call<ApiKeyCreated>('POST', '/api/admin/integration/api-keys', {
    token: w.admin.token,
    body: { name },
  });
  expect(created.status).toBe(201);
  return created.body;
}
