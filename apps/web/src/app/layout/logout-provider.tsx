import { createContext, lazy, Suspense, use, useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

const LOGOUT_FAILED = 'Logout Failed';
const SERVER_ERROR = 'There was an error logging out. Please try again.';
const NETWORK_ERROR = 'Could not connect to the server. Please check your connection and try again.';

// Loaded only if a logout fails: the dialog code stays out of every page's first load.
const MessageDialog = lazy(() => import('@/components/ui/confirm-dialog').then((module) => ({ default: module.MessageDialog })));

const LogoutContext = createContext<(() => Promise<void>) | null>(null);

/**
 * Logging out from the sidebar or the profile menu. The user is cleared even when the server call
 * fails (docs/product.md#7-api-calls), which unmounts the whole user area; so the "Logout Failed" dialog is
 * kept here, above the routes, where it survives the redirect to /login.
 */
export function LogoutProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const logout = useCallback(async () => {
    const result = await auth.logout();
    if (!result.ok) setFailure(result.networkError ? NETWORK_ERROR : SERVER_ERROR);
    navigate(paths.login, { replace: true });
  }, [auth, navigate]);

  return (
    <LogoutContext value={logout}>
      {children}
      {failure && (
        <Suspense fallback={null}>
          <MessageDialog open onOpenChange={(open) => !open && setFailure(null)} title={LOGOUT_FAILED} message={failure} />
        </Suspense>
      )}
    </LogoutContext>
  );
}

export function useLogout(): () => Promise<void> {
  const logout = use(LogoutContext);
  if (!logout) throw new Error('useLogout must be used inside LogoutProvider');
  return logout;
}
