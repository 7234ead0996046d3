import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The app's query client: one for the browser's whole visit (main.tsx), a new one for every page
 * rendered on the server (entry-server.tsx), which fetches each query once and never retries.
 */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: retry ? (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2 : false,
      },
    },
  });
}
