import { changePasswordResponseSchema } from '@shop/shared/contracts/users';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { authStore } from './auth-store';
import { useToast } from './toast-store';

/**
 * The password change the profile page and the forced-change dialog share (docs/product.md §§2
 * and 6).
 */

/** POST /api/users/change-password {password} → the new access token (older ones are revoked). */
export async function changePassword(client: ApiClient, password: string): Promise<string> {
  const answer = changePasswordResponseSchema.parse(
    await client.post<unknown>(
      '/users/change-password',
      { password },
      { retry: false, navigationScoped: false },
    ),
  );
  return answer.access_token;
}

/**
 * Changes the password, stores the new token and says so. A refused change shows its error toast
 * and throws again, so the form keeps what was typed.
 */
export function useChangePassword(): (password: string) => Promise<void> {
  const client = useApiClient();
  const toast = useToast();
  return async (password) => {
    let token: string;
    try {
      token = await changePassword(client, password);
    } catch (error) {
      toast.apiError(error);
      throw error;
    }
    authStore.login(token);
    toast.success('toasts.password_changed');
  };
}
