import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { setPublicSchemaLoader } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth';
import { RenderSnapshotProvider, type RenderSnapshot } from '@/lib/hydration';
import { DeferredToaster } from './deferred-toaster';

// Public pages parse their answers with schemas from a chunk of their own (decision 220).
setPublicSchemaLoader(() => import('@/lib/public-answer-schemas'));

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
