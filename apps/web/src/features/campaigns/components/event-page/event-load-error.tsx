import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';

/** "Event not found" for an unknown or unpublished campaign, "Failed to load event details" otherwise (docs/product.md#event-page). */
export function EventLoadError({ error }: { error: Error }) {
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <div className="container-page py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? 'Event not found' : 'Failed to load event details'}</h1>
      <p className="mt-3 text-ink-600">{notFound ? 'This campaign does not exist or is not public.' : 'Please check your connection and try again.'}</p>
      <Link to={paths.events} className={buttonClasses({ className: 'mt-8' })}>
        Browse campaigns
      </Link>
    </div>
  );
}
