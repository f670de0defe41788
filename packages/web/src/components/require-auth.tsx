import type { ReactNode } from 'react';
import { useAuth } from '../lib/auth-store';
import { NotAllowedView } from './not-allowed-view';

/** Renders its children for authenticated users and the not-allowed view for everyone else. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  return auth ? children : <NotAllowedView />;
}
