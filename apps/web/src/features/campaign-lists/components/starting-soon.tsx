import type { EventKind } from '@pledgeway/domain/schemas/event-response';
import { CampaignCardGrid } from '@/components/campaign';
import { useUpcomingCampaigns } from '../api/get-upcoming-campaigns';

/**
 * "Starting soon": approved campaigns whose start date is still ahead, in their own section so the
 * main grid holds only campaigns that take pledges now. Nothing is shown when there are none.
 */
export function StartingSoon({ kind }: { kind?: EventKind }) {
  const query = useUpcomingCampaigns(kind);
  const events = query.data ?? [];
  if (!events.length) return null;
  return (
    <section aria-labelledby="starting-soon-heading" className="mb-12 rounded-3xl bg-brand-50 p-5 sm:p-8">
      <h2 id="starting-soon-heading" className="text-2xl font-bold md:text-3xl">
        Starting soon
      </h2>
      <p className="mt-1 mb-6 text-ink-700">Approved campaigns that open for pledges on their start date. Have a look now and come back when they open.</p>
      <CampaignCardGrid events={events} />
    </section>
  );
}
