import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { PageBanner } from '@/components/ui/page-banner';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useClosureStatus } from '../api/get-closure-status';
import { CloseAccountForm, KeepAccountPrompt } from '../components/close-account-form';
import { ClosureOutcome } from '../components/closure-outcome';
import { ClosureRules } from '../components/closure-rules';

export default function CloseAccountPage() {
  useEffect(() => {
    document.title = 'Close Account — Pledgeway';
  }, []);
  const auth = useAuth();
  const signedIn = auth.status === 'authenticated';
  const [closedMessage, setClosedMessage] = useState<string | null>(null);

  function deleted(message: string) {
    setClosedMessage(message);
    auth.clear();
  }

  return (
    <>
      <PageBanner title="Close Account" image="legal" />
      <div className="container-page max-w-3xl space-y-6 py-10 sm:py-14">
        {closedMessage && (
          <Alert tone="success" title="Account closed">
            {closedMessage}
          </Alert>
        )}
        <ClosureRules />
        {signedIn && <YourAccount onDeleted={deleted} />}
        {!signedIn && auth.status !== 'loading' && <ComeBack closed={closedMessage !== null} />}
      </div>
    </>
  );
}

/** The signed-in user's closure status, and the form or the way back. */
function YourAccount({ onDeleted }: { onDeleted(message: string): void }) {
  const status = useClosureStatus(true);
  return (
    <section aria-labelledby="close-heading" className="card space-y-5 p-5 sm:p-8">
      <h2 id="close-heading" className="text-lg font-semibold">
        Your account
      </h2>
      {status.isPending ? (
        <Spinner label="Checking your account" />
      ) : status.isError ? (
        <Alert tone="error">{status.error.message}</Alert>
      ) : (
        <>
          <ClosureOutcome status={status.data} />
          {status.data.requested ? <KeepAccountPrompt /> : <CloseAccountForm onDeleted={onDeleted} />}
        </>
      )}
    </section>
  );
}

function ComeBack({ closed }: { closed: boolean }) {
  return (
    <section aria-labelledby="next-heading" className="card space-y-4 p-5 text-center sm:p-8">
      <h2 id="next-heading" className="text-lg font-semibold">
        {closed ? 'Thank you for supporting good causes' : 'Thinking of coming back?'}
      </h2>
      <p className="text-ink-600">Try a campaign without saving anything, or start a real one with a new account.</p>
      <div className="flex flex-col justify-center gap-3 xs:flex-row">
        <Link to={paths.user.practice} className="btn btn-outline">
          Practice Campaign
        </Link>
        <Link to={paths.user.createEvent} className="btn btn-primary">
          Create Campaign
        </Link>
      </div>
    </section>
  );
}
