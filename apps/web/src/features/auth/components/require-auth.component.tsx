import { Navigate, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Spinner } from '../../../shared/ui/spinner.component';
import { useAuth } from '../auth.context';

/** Spec route guard: 'Checking authentication...', then /login (history replaced) remembering the page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner label="Checking authentication..." />;
  if (!user) return <Navigate to="/login" search={{ redirect: location.href }} replace />;
  return children;
}
