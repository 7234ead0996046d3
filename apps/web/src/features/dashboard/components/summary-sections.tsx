import { CampaignCard } from '@/components/campaign';
import { PledgeCard } from '@/components/pledge';
import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useMyEvents } from '@/lib/my-events';
import { useMyPledges } from '@/lib/my-pledges';
import { useMyProfile } from '@/lib/my-profile';
import { usePaymentMethods } from '@/lib/payment-methods';
import { PaymentMethodSummary } from './payment-method-summary';
import { SummarySection } from './summary-section';

/** The dashboard shows at most 3 pledges and 3 events (docs/product.md#9-limits-and-constants). */
const PREVIEW = 3;

function ProfileItem({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</dt>
      <dd className={value ? 'truncate font-medium text-ink-900' : 'text-ink-400 italic'}>{value || 'Not added yet'}</dd>
    </div>
  );
}

export function ProfileSummary() {
  const profile = useMyProfile();
  const details = profile.data?.data;
  const error = profile.isError
    ? profile.error instanceof ApiError && profile.error.message !== 'Unexpected error occurred'
      ? `Error loading profile: ${profile.error.message}`
      : 'Error fetching profile data'
    : null;
  return (
    <SummarySection id="profile-heading" title="Profile" link={{ to: paths.user.profile, label: 'EDIT NOW' }} loading={profile.isPending} error={error}>
      {details && (
        <div className="card flex flex-col gap-6 p-5 sm:flex-row sm:items-center sm:p-6">
          <Avatar src={details.image} className="size-20" />
          <dl className="grid flex-1 gap-x-8 gap-y-3 sm:grid-cols-2">
            <ProfileItem label="Full name" value={details.name} />
            <ProfileItem label="Email" value={details.email} />
            <ProfileItem label="Occupation" value={details.occupation} />
            <ProfileItem label="Company name" value={details.company_name} />
          </dl>
        </div>
      )}
    </SummarySection>
  );
}

export function PledgesSummary() {
  const pledges = useMyPledges();
  return (
    <SummarySection
      id="pledges-heading"
      title="My Pledges"
      link={{ to: paths.user.pledges, label: 'VIEW MORE' }}
      loading={pledges.isPending}
      error={pledges.isError ? (pledges.error instanceof ApiError ? 'Error loading pledges. Please try again later.' : pledges.error.message) : null}
      empty={pledges.data && !pledges.data.pledges.length ? 'No pledges made' : null}
    >
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {pledges.data?.pledges.slice(0, PREVIEW).map((pledge) => (
          <li key={pledge._id}>
            <PledgeCard pledge={pledge} variant="compact" />
          </li>
        ))}
      </ul>
    </SummarySection>
  );
}

export function EventsSummary({ userId }: { userId: string | undefined }) {
  const events = useMyEvents(userId);
  return (
    <SummarySection
      id="events-heading"
      title="My Events"
      link={{ to: paths.user.events, label: 'VIEW MORE' }}
      loading={events.isPending}
      error={events.isError ? 'Error loading events. Please try again later.' : null}
      empty={events.data && !events.data.length ? 'No events created yet' : null}
    >
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {events.data?.slice(0, PREVIEW).map((event) => (
          <li key={event._id}>
            <CampaignCard event={event} defaultCategory="General" />
          </li>
        ))}
      </ul>
    </SummarySection>
  );
}

export function PaymentMethodsSummary() {
  const methods = usePaymentMethods();
  const none = Boolean(methods.data && !methods.data.length);
  return (
    <SummarySection
      id="cards-heading"
      title="Payment Methods"
      link={{ to: paths.user.paymentMethods, label: none ? 'ADD MORE' : 'VIEW MORE' }}
      loading={methods.isPending}
      error={methods.isError ? methods.error.message : null}
      empty={none ? 'No payment methods added' : null}
    >
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {methods.data?.map((method) => (
          <li key={method.id}>
            <PaymentMethodSummary method={method} />
          </li>
        ))}
      </ul>
    </SummarySection>
  );
}
