import type { PublicUser } from '@pledgeway/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, startTransition, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LoginRequest, LoginResponse } from '@pledgeway/domain';
import { api, ApiError, sessionMayExist, tokenStore, publicSchema } from '@/lib/api-client';
import { useRenderSnapshot } from '@/lib/hydration';

/*
 * The signed-in user, shared by the whole app (bulletproof-react keeps auth in lib/): every
 * feature may read it, so it cannot live inside one feature.
 */
const getAuthCheck = (): Promise<{ success: true; user: PublicUser }> => api.get(publicSchema('AuthCheckResponse'), '/site/auth-check');
const postLogin = (body: LoginRequest): Promise<LoginResponse> => api.post(publicSchema('LoginResponse'), '/site/login', body);
const postLogout = () => api.post(publicSchema('SuccessResponse'), '/site/logout', {});

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

interface AuthContextValue {
  status: AuthStatus;
  user: PublicUser | null;
  login(email: string, password: string): Promise<PublicUser>;
  /** Resolves true when the server confirmed; the user is cleared either way. */
  logout(): Promise<{ ok: boolean; networkError: boolean }>;
  setUser(user: PublicUser): void;
  /** Forget the user locally (after a password change or account closure). */
  clear(): void;
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const snapshot = useRenderSnapshot();
  // A server-rendered page starts as the server rendered it: a visitor, or, with the session
  // cookie, still checking (the check below runs in the browser). A page started in the browser
  // knows at once whether a session can exist.
  const [status, setStatus] = useState<AuthStatus>(() => ((snapshot ? snapshot.sessionHint : sessionMayExist()) ? 'loading' : 'anonymous'));
  const [user, setUserState] = useState<PublicUser | null>(null);

  const clear = useCallback(() => {
    tokenStore.clear();
    setUserState(null);
    setStatus('anonymous');
    queryClient.clear();
  }, [queryClient]);

  const refresh = useCallback(async () => {
    if (!sessionMayExist()) {
      setUserState(null);
      setStatus('anonymous');
      return;
    }
    try {
      const result = await getAuthCheck();
      // In a transition, "Checking your session" stays until the signed-in page's code is there
      // (decision 123): shown instead, "Loading page" would hold the page back for React's 300 ms
      // minimum display of a fallback, once for the area's layout and once for the page.
      startTransition(() => {
        setUserState(result.user);
        setStatus('authenticated');
      });
    } catch (error) {
      // The session is ended only when the server says there is none (docs/product.md#10-chosen-readings); a 401 is
      // silent. A check that never got an answer (no connection, or the page left while it ran)
      // keeps the token: the next page checks again instead of starting signed out.
      const noSession = error instanceof ApiError && error.status === 401;
      if (!noSession) console.warn('Authentication failed', error);
      if (noSession) tokenStore.clear();
      setUserState(null);
      setStatus('anonymous');
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      async login(email, password) {
        const result = await postLogin({ email, password });
        const { accessToken, ...profile } = result.user;
        tokenStore.set(accessToken);
        queryClient.clear();
        setUserState(profile);
        setStatus('authenticated');
        return profile;
      },
      async logout() {
        try {
          await postLogout();
          clear();
          return { ok: true, networkError: false };
        } catch (error) {
          clear();
          return { ok: false, networkError: error instanceof ApiError && error.status === 0 };
        }
      },
      setUser(next) {
        setUserState(next);
      },
      clear,
      refresh,
    }),
    [status, user, queryClient, clear, refresh],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
