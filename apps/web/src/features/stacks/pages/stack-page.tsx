import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDollars } from '@pledgeway/domain/money';
import type { StackPageResponse } from '@pledgeway/domain/schemas/stacks';
import { CampaignCard } from '@/components/campaign';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageBanner } from '@/components/ui/page-banner';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useStack } from '../api/get-stack';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-white/10 px-4 py-3 ring-1 ring-white/20">
      <dt className="text-sm text-white/80">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  );
}

function StackNotFound({ error }: { error: Error }) {
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <div className="container-page py-32 text-center">
      <h1 className="text-3xl font-bold">{notFound ? 'Stack not found' : 'Failed to load this stack'}</h1>
      <p className="mt-3 text-ink-600">
        {notFound ? 'This stack does not exist, or none of its campaigns is public any more.' : 'Please check your connection and try again.'}
      </p>
      <Link to={paths.events} className={buttonClasses({ className: 'mt-8' })}>
        Browse campaigns
      </Link>
    </div>
  );
}

function CopyLink() {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      className="border-white/60 text-white hover:bg-white/10"
      onClick={() => void navigator.clipboard?.writeText(window.location.href).then(() => setCopied(true))}
    >
      {copied ? 'Link copied' : 'Copy link'}
    </Button>
  );
}

/** The banner: the stack's title, its host, and the combined figures of its campaigns. */
function StackBanner({ stack }: { stack: StackPageResponse['data'] }) {
  const { totals } = stack;
  return (
    <PageBanner title={stack.title} subtitle={stack.description || `Campaigns by ${stack.owner.name}, one combined total.`} image="campaigns">
      <dl className="grid max-w-xl grid-cols-3 gap-3">
        <Stat label={totals.campaigns === 1 ? 'Campaign' : 'Campaigns'} value={String(totals.campaigns)} />
        <Stat label="Raised together" value={formatDollars(totals.raised, { whole: true })} />
        <Stat label={totals.supporters === 1 ? 'Supporter' : 'Supporters'} value={String(totals.supporters)} />
      </dl>
      <div className="mt-5 flex flex-wrap items-center gap-3 text-sm">
        <span>
          A stack by{' '}
          <Link to={paths.host(stack.owner._id)} className="font-semibold underline">
            {stack.owner.name}
          </Link>
        </span>
        <CopyLink />
      </div>
    </PageBanner>
  );
}

/** /stacks/{id}: Event Stacking, a host's campaigns side by side with their combined total. */
export default function StackPage() {
  const { stackId = '' } = useParams();
  const query = useStack(stackId);
  const title = query.data?.data.title;
  useEffect(() => {
    document.title = `${title ?? 'Stack'} — Pledgeway`;
  }, [title]);
  if (query.isPending) return <FullPageSpinner label="Loading stack" />;
  if (query.isError) return <StackNotFound error={query.error} />;
  const stack = query.data.data;

  return (
    <>
      <StackBanner stack={stack} />
      <div className="container-page py-12 md:py-16">
        <h2 className="mb-2 text-2xl font-bold md:text-3xl">The campaigns</h2>
        <p className="mb-8 text-ink-600">Each pledge goes to the campaign you choose and its charity; the totals above add them up.</p>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {stack.campaigns.map((event) => (
            <li key={event._id}>
              <CampaignCard
                event={event}
                headingLevel="h3"
                actions={
                  <Link to={paths.event(event._id)} className={buttonClasses({ size: 'sm' })} aria-label={`Pledge to ${event.name}`}>
                    Pledge
                  </Link>
                }
              />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
