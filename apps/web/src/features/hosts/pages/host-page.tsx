import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { dollarsToCents, formatCents, formatDollars } from '@pledgeway/domain/money';
import type { HostPageResponse } from '@pledgeway/domain/schemas/hosts';
import { CampaignCardGrid } from '@/components/campaign';
import { Avatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { PageBanner } from '@/components/ui/page-banner';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useHost } from '../api/get-host';
import { PromotedCampaigns } from '../components/promoted-campaigns';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-white/10 px-4 py-3 ring-1 ring-white/20">
      <dt className="text-sm text-white/80">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  );
}

/** A host's totals; a person who only promotes others' campaigns shows what their links brought in. */
function HostStats({ data: { campaigns, promotions, totals } }: { data: HostPageResponse['data'] }) {
  if (campaigns.length === 0) {
    const throughLinks = promotions.reduce((sum, promotion) => sum + dollarsToCents(promotion.raised), 0);
    return (
      <dl className="grid grid-cols-2 gap-3">
        <Stat label={promotions.length === 1 ? 'Campaign promoted' : 'Campaigns promoted'} value={String(promotions.length)} />
        <Stat label="Pledged through their links" value={formatCents(throughLinks, { whole: true })} />
      </dl>
    );
  }
  return (
    <dl className="grid grid-cols-3 gap-3">
      <Stat label={totals.campaigns === 1 ? 'Campaign' : 'Campaigns'} value={String(totals.campaigns)} />
      <Stat label="Raised" value={formatDollars(totals.raised, { whole: true })} />
      <Stat label={totals.supporters === 1 ? 'Supporter' : 'Supporters'} value={String(totals.supporters)} />
    </dl>
  );
}

function HostNotFound({ error }: { error: Error }) {
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <div className="container-page py-32 text-center">
      <h1 className="text-3xl font-bold">{notFound ? 'Host not found' : 'Failed to load this host'}</h1>
      <p className="mt-3 text-ink-600">
        {notFound ? 'This person has no published campaigns and promotes none.' : 'Please check your connection and try again.'}
      </p>
      <Link to={paths.events} className={buttonClasses({ className: 'mt-8' })}>
        Browse campaigns
      </Link>
    </div>
  );
}

/**
 * /hosts/{userId}: Platform Building, a creator's public page with every published campaign and the
 * totals, and the campaigns of other hosts they promote.
 */
export default function HostPage() {
  const { userId = '' } = useParams();
  const query = useHost(userId);
  const name = query.data?.data.host.name;

  useEffect(() => {
    document.title = `${name ? `Campaigns by ${name}` : 'Host'} — Pledgeway`;
  }, [name]);

  if (query.isPending) return <FullPageSpinner label="Loading host" />;
  if (query.isError) return <HostNotFound error={query.error} />;
  const { host, campaigns, promotions } = query.data.data;

  return (
    <>
      <PageBanner title={host.name} subtitle={campaigns.length ? 'Host on Pledgeway' : 'Promoter on Pledgeway'} image="campaigns">
        <div className="mt-6 flex flex-wrap items-center gap-6">
          <Avatar src={host.image} className="size-20 ring-4" />
          <HostStats data={query.data.data} />
        </div>
      </PageBanner>
      <div className="container-page py-12 md:py-16">
        {campaigns.length > 0 && (
          <>
            <h2 className="mb-2 text-2xl font-bold md:text-3xl">Campaigns by {host.name}</h2>
            <p className="mb-8 text-ink-600">Live, frozen and completed campaigns. Raised totals count pledges that still stand.</p>
            <CampaignCardGrid events={campaigns} />
          </>
        )}
        {promotions.length > 0 && <PromotedCampaigns name={host.name} promotions={promotions} />}
      </div>
    </>
  );
}
