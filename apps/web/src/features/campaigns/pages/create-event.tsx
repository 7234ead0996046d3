import { Link, Navigate } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { buttonClasses } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { ConfirmEmailNotice } from '@/components/account/confirm-email-notice';
import { useAuth } from '@/lib/auth';
import { useMyProfile } from '@/lib/my-profile';
import { CreateEventWizard } from '../components/wizard/create-event-wizard';

/**
 * /user/event/create: a confirmed e-mail address, then phase 1 (identity), then a complete profile, then the five-step
 * wizard (phase 2), which ends by funding the campaign for review (phase 3).
 */
export default function CreateEventPage() {
  const profile = useMyProfile();
  const { user: signedIn } = useAuth();
  // The server refuses a campaign from an unconfirmed address (decision 095): say so before any step.
  if (signedIn && !signedIn.email_confirmed) {
    return (
      <div className="container-page max-w-5xl py-8 md:py-12">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">New campaign</p>
        <h1 className="mt-1 mb-8 text-3xl font-bold md:text-4xl">Create Event</h1>
        <ConfirmEmailNotice />
      </div>
    );
  }
  // Fresh data only: a cached "unverified" from before verification must not send the user back.
  if (profile.isPending || (!profile.isFetchedAfterMount && profile.isFetching)) return <FullPageSpinner label="Loading your profile" />;
  if (profile.isError) {
    return (
      <div className="container-page py-10">
        <Alert tone="error">Error loading profile: {profile.error.message}</Alert>
      </div>
    );
  }
  const user = profile.data.data;
  if (user.identity_status !== 'verified') {
    return <Navigate replace to={`${paths.user.verifyIdentity}?next=${encodeURIComponent(paths.user.createEvent)}`} />;
  }
  const complete = Boolean(user.occupation.trim() && user.company_name.trim());
  return (
    <div className="container-page max-w-5xl py-8 md:py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">New campaign</p>
      <h1 className="mt-1 mb-8 text-3xl font-bold md:text-4xl">Create Event</h1>
      {complete ? (
        <div className="card p-5 sm:p-8">
          <CreateEventWizard profile={user} />
        </div>
      ) : (
        <div className="card grid gap-4 p-6" role="alert">
          <p className="text-lg font-semibold">Please complete your profile first to create an event</p>
          <p className="text-ink-600">Your occupation and company name are shown to supporters on every campaign you host.</p>
          <Link to={paths.user.profile} className={buttonClasses({ className: 'justify-self-start' })}>
            Complete Profile
          </Link>
        </div>
      )}
    </div>
  );
}
