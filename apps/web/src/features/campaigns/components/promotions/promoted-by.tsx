import { Link } from 'react-router';
import { formatDollars } from '@pledgeway/domain/money';
import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { usePromotions } from '../../api/get-promotions';

const pledgesLabel = (count: number) => `${count} ${count === 1 ? 'pledge' : 'pledges'}`;

/**
 * Third-Party Promotion on the campaign page: "Promoted by {name}" for each accepted (or ended)
 * promotion, with the counted pledges made through that person's link. Nothing shows without one.
 */
export default function PromotedBy({ eventId }: { eventId: string }) {
  const query = usePromotions(eventId);
  const promotions = query.data?.data.promotions ?? [];
  if (promotions.length === 0) return null;
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="promoted-by-heading">
      <h2 id="promoted-by-heading" className="text-lg font-semibold">
        Promoters
      </h2>
      <p className="mt-1 text-sm text-ink-600">People sharing this campaign with their own link. Every pledge still goes to this campaign and its charity.</p>
      <ul className="mt-3 grid gap-3">
        {promotions.map((promotion) => (
          <li key={promotion._id} className="flex items-center gap-3 rounded-xl bg-ink-50 p-3">
            <Avatar src={promotion.promoter.image} className="size-10" />
            <div className="min-w-0">
              <p className="font-semibold">
                Promoted by{' '}
                <Link to={paths.host(promotion.promoter._id)} className="underline hover:text-brand-700">
                  {promotion.promoter.name}
                </Link>
                {promotion.status === 'ended' && <span className="font-normal text-ink-500"> (promotion ended)</span>}
              </p>
              <p className="text-sm text-ink-600">
                {pledgesLabel(promotion.pledges)} · {formatDollars(promotion.raised)} pledged through their link
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
