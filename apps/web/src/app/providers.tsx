import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth';
import { RenderSnapshotProvider, type RenderSnapshot } from '@/lib/hydration';
import { DeferredToaster } from './deferred-toaster';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** What the server rendered the page with (server and hydration); null for a page started in the browser. */
  snapshot: RenderSnapshot | null;
  children: ReactNode;
}

export function AppProviders({ queryClient, snapshot, children }: AppProvidersProps) {
  return (
    <RenderSnapshotProvider value={snapshot}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {children}
          <DeferredToaster />
        </AuthProvider>
      </QueryClientProvider>
    </RenderSnapshotProvider>
  );
}
