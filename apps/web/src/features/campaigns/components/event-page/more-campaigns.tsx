import { Link } from 'react-router';
import { CampaignCard } from '@/components/campaign/campaign-card';
import { paths } from '@/config/paths';
import { useActiveEvents } from '../../api/get-active-events';

/** Three other live campaigns under the page. */
export function MoreCampaigns({ currentId }: { currentId: string }) {
  const active = useActiveEvents(4);
  const others = (active.data ?? []).filter((item) => item._id !== currentId).slice(0, 3);
  if (!others.length) return null;
  return (
    <section aria-labelledby="more-heading" className="mt-16">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id="more-heading" className="text-2xl font-bold">
          More campaigns
        </h2>
        <Link to={paths.events} className="font-semibold underline">
          See all campaigns
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {others.map((item) => (
          <CampaignCard key={item._id} event={item} />
        ))}
      </div>
    </section>
  );
}
