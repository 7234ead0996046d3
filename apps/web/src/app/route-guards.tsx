import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';

/**
 * Where a user lands after signing in: an admin always on the admin dashboard; others back on the
 * page that sent them to /login (same-site paths only), else on their dashboard.
 */
function homeFor(role: string | undefined, from?: unknown) {
  if (role === 'admin') return paths.admin.dashboard;
  const backTo = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
  const isAuthPage = backTo === paths.login || backTo === paths.register || backTo?.startsWith('/admin');
  return backTo && !isAuthPage ? backTo : paths.user.dashboard;
}

/** /user routes: a spinner while auth loads, /login without a user. */
export function ProtectedRoute() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner label="Checking your session" />;
  if (status === 'anonymous') return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** /admin routes: admins only; other signed-in users go to their dashboard. */
export function AdminRoute() {
  const { status, user } = useAuth();
  if (status === 'loading') return <FullPageSpinner label="Checking your session" />;
  if (status === 'anonymous') return <Navigate to={paths.login} replace />;
  if (user?.role_id.name !== 'admin') return <Navigate to={paths.user.dashboard} replace />;
  return <Outlet />;
}

/** /login and /register: signed-in users are sent to their dashboard. */
export function GuestRoute() {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner label="Checking your session" />;
  if (status === 'authenticated') {
    const from = (location.state as { from?: unknown } | null)?.from;
    return <Navigate to={homeFor(user?.role_id.name, from)} replace />;
  }
  return <Outlet />;
}

export { homeFor };
