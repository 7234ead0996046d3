import { useEffect } from 'react';
import { ConfirmEmailNotice } from '@/components/account/confirm-email-notice';
import { useAuth } from '@/lib/auth';
import { EventsSummary, PaymentMethodsSummary, PledgesSummary, ProfileSummary } from '../components/summary-sections';

/** /user/dashboard: the Account Summary, one section per thing the user owns, each with its own loading and error. */
export default function DashboardPage() {
  useEffect(() => {
    document.title = 'Account Summary — Pledgeway';
  }, []);
  const { user } = useAuth();
  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-2xl font-semibold sm:text-3xl">Account Summary</h1>
        <p className="mt-1 text-ink-600">Your profile, pledges, campaigns and cards at a glance.</p>
      </header>
      <ConfirmEmailNotice />
      <ProfileSummary />
      <PledgesSummary />
      <EventsSummary userId={user?._id} />
      <PaymentMethodsSummary />
    </div>
  );
}
