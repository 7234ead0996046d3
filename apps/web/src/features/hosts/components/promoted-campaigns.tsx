import { formatDollars } from '@pledgeway/domain/money';
import type { HostPageResponse } from '@pledgeway/domain/schemas/hosts';
import { CampaignCard } from '@/components/campaign';

type Promotion = HostPageResponse['data']['promotions'][number];

/**
 * Third-Party Promotion on a person's page: campaigns of other hosts they promote (or promoted),
 * each with the counted pledges made through their link.
 */
export function PromotedCampaigns({ name, promotions }: { name: string; promotions: Promotion[] }) {
  return (
    <section aria-labelledby="promoted-heading" className="mt-12 first:mt-0">
      <h2 id="promoted-heading" className="mb-2 text-2xl font-bold md:text-3xl">
        Promoted by {name}
      </h2>
      <p className="mb-8 text-ink-600">Campaigns of other hosts that {name} shares with their own link, and the pledges made through it.</p>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {promotions.map((promotion) => (
          <li key={promotion._id} className="grid content-start gap-2">
            <CampaignCard event={promotion.event} headingLevel="h3" />
            <p className="px-1 text-sm text-ink-700">
              <span className="font-semibold">
                {promotion.pledges} {promotion.pledges === 1 ? 'pledge' : 'pledges'} · {formatDollars(promotion.raised)}
              </span>{' '}
              through {name}'s link{promotion.status === 'ended' ? ' (promotion ended)' : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
