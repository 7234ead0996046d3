import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AuthCheckResponse, type PublicUser } from '@pledgeway/domain/schemas/auth';
import { AuthProvider } from '@/lib/auth';
import { answer, server, signIn } from './network';

/** Renders with a query client of its own (no retries: a refused answer shows at once). */
export function renderWithQueries(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

/** Renders signed in as `user`: the app's own AuthProvider asks GET /site/auth-check, answered here. */
export function renderSignedIn(ui: ReactElement, user: PublicUser) {
  signIn();
  server.use(answer('get', '/site/auth-check', AuthCheckResponse, { success: true, user }));
  return renderWithQueries(<AuthProvider>{ui}</AuthProvider>);
}
