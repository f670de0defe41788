import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';

/** The staff member behind a request of the staff scope (a missing one is refused). */
export function adminActor(auth: AuthUser | null): AuthUser {
  if (!auth) throw new AppError('ERR_UNAUTHORIZED');
  return auth;
}
