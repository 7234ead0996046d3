import { Navigate, Outlet, useLocation } from 'react-router';
import { LOGIN_RETURN_PARAM, paths } from '@/config/paths';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';

/**
 * Where a user lands after signing in: an admin always on the admin dashboard; others back on the
 * page that sent them to /login (same-site paths only), else on their dashboard.
 */
function homeFor(role: string | undefined, from?: unknown) {
  if (role === 'admin') return paths.admin.dashboard;
  // A path of this site only. It may come from the address (decision 120), so anything a browser
  // would read as another site is refused: `//host`, `/\host`, and tabs or newlines (dropped
  // from addresses, so `/\t/host` is `//host`).
  const backTo = typeof from === 'string' && /^\/(?![/\\])/.test(from) && !/[\s\\]/.test(from) ? from : undefined;
  const backPath = backTo?.split(/[?#]/)[0];
  const isAuthPage = backPath === paths.login || backPath === paths.register || backPath?.startsWith('/admin');
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

/**
 * /login and /register: signed-in users are sent to their dashboard, or back to the page that sent
 * them here: the app says which in the history state, a form sent before the app ran (a Pledge
 * button, decision 120) in the address.
 */
export function GuestRoute() {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner label="Checking your session" />;
  if (status === 'authenticated') {
    const from = (location.state as { from?: unknown } | null)?.from ?? new URLSearchParams(location.search).get(LOGIN_RETURN_PARAM);
    return <Navigate to={homeFor(user?.role_id.name, from)} replace />;
  }
  return <Outlet />;
}

export { homeFor };
