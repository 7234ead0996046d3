import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_CONFIRMATION_MESSAGES } from '@pledgeway/domain/schemas/email-confirmation';
import { ConfirmEmailNotice } from '@/components/account/confirm-email-notice';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useConfirmEmail } from '@/lib/email-confirmation';
import { AuthHeading, AuthShell } from '../components/auth-shell';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/** /confirm-email?token=…: the link of the confirmation e-mail, opened signed in or not. */
export default function ConfirmEmailPage() {
  useEffect(() => {
    document.title = 'Confirm your e-mail address — Pledgeway';
  }, []);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const auth = useAuth();
  const confirm = useConfirmEmail();
  const [outcome, setOutcome] = useState<Outcome>(token ? null : { tone: 'error', message: EMAIL_CONFIRMATION_MESSAGES.invalidToken });
  // A link works once: the request is sent once, even when an effect runs twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutateAsync(token).then(
      (answer) => setOutcome({ tone: 'success', message: answer.message }),
      (error: unknown) =>
        setOutcome({ tone: 'error', message: error instanceof Error && error.message ? error.message : EMAIL_CONFIRMATION_MESSAGES.invalidToken }),
    );
  }, [token, confirm]);

  const signedIn = auth.status === 'authenticated';
  return (
    <AuthShell
      illustration="/images/hero-2.svg"
      headline="One address, yours."
      points={['Receipts and reset links reach you', 'Create campaigns once confirmed', 'The link works once, for 48 hours']}
    >
      <AuthHeading title="Confirm your e-mail address" subtitle={outcome ? 'The link from your e-mail.' : 'Checking the link from your e-mail…'} />
      <div className="grid gap-5" aria-live="polite">
        {!outcome && <Spinner label="Confirming your e-mail address" />}
        {outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}
        {outcome?.tone === 'success' && (
          <Link to={signedIn ? paths.user.dashboard : paths.login} className={buttonClasses({ block: true, size: 'lg' })}>
            {signedIn ? 'Go to your dashboard' : 'Log In'}
          </Link>
        )}
        {outcome?.tone === 'error' &&
          (signedIn ? (
            <ConfirmEmailNotice />
          ) : (
            <Link to={paths.login} className={buttonClasses({ block: true, size: 'lg' })}>
              Log in to ask for a new link
            </Link>
          ))}
      </div>
    </AuthShell>
  );
}
