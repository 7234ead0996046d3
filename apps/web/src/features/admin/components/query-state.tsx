import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';

/** What the states need of a TanStack query result. */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch(): unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** What is loading, e.g. "campaigns" ("Loading campaigns"). */
  noun: string;
  isEmpty?(data: T): boolean;
  empty?: ReactNode;
  children(data: T): ReactNode;
}

/** Loading, error (with Retry) and empty states, the same on every admin page. */
export function QueryState<T>({ query, noun, isEmpty, empty, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <div className="flex items-center justify-center rounded-2xl border border-ink-100 bg-white py-16 text-brand-700">
        <Spinner label={`Loading ${noun}`} className="scale-125" />
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    const notBuilt = (query.error as { status?: number } | null)?.status === 404;
    return (
      <Alert tone="error" title={`Could not load ${noun}`}>
        <p>{notBuilt ? 'This part of the platform is not available on this server yet.' : (query.error?.message ?? 'Unexpected error occurred')}</p>
        <Button size="sm" variant="outline" className="mt-3" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (isEmpty?.(query.data)) return <>{empty ?? <EmptyState title={`No ${noun} yet`} />}</>;
  return <>{children(query.data)}</>;
}
