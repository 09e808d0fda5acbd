import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { resolveAdminAccess, type AdminPage } from '../lib/auth/admin-access';
import { useAuth } from '../lib/auth/auth-store';

/** Applies the pure guard decision (lib/admin-access) to one admin page. */
export function AdminPageGuard({ page, children }: { page: AdminPage; children: ReactNode }) {
  const access = resolveAdminAccess(useAuth(), page);
  if (access.type === 'redirect') return <Navigate to={access.to} replace />;
  if (access.type === 'login') return <LoginPage />;
  return children;
}

/** Bare /admin: the dashboard for an admin, the first usable page for a key. */
export function AdminIndex() {
  const access = resolveAdminAccess(useAuth(), undefined);
  if (access.type === 'redirect') return <Navigate to={access.to} replace />;
  return <LoginPage />;
}
