import type { ReactNode } from 'react';
import type { ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { Alert } from '@/components/ui/alert';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useManagedEvent } from '../api/get-managed-event';

interface ManagedEventLoaderProps {
  eventId: string;
  /** The page's own words for a campaign that could not be loaded. */
  failure(error: Error): ReactNode;
  children(event: ManageEventResponse): ReactNode;
}

/** The creator's pages (summary, edit) load their campaign alike: a spinner, then it or an error. */
export function ManagedEventLoader({ eventId, failure, children }: ManagedEventLoaderProps) {
  const query = useManagedEvent(eventId);
  if (query.isPending) return <FullPageSpinner label="Loading campaign" />;
  if (query.isError) {
    return (
      <div className="container-page py-12">
        <Alert tone="error">{failure(query.error)}</Alert>
      </div>
    );
  }
  return children(query.data);
}
