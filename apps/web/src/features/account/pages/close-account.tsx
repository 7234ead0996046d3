import { CLOSE_ACCOUNT_CONFIRMATION } from '@pledgeway/domain/schemas/account';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, PasswordInput } from '@/components/ui/input';
import { PageBanner } from '@/components/ui/page-banner';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { useCancelClosure, useCloseAccount } from '../api/close-account';
import { useClosureStatus } from '../api/get-closure-status';
import { ClosureOutcome } from '../components/closure-outcome';
import { ClosureRules } from '../components/closure-rules';

export default function CloseAccountPage() {
  useEffect(() => {
    document.title = 'Close Account — Pledgeway';
  }, []);
  const auth = useAuth();
  const signedIn = auth.status === 'authenticated';
  const status = useClosureStatus(signedIn);
  const close = useCloseAccount();
  const cancel = useCancelClosure();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [closedMessage, setClosedMessage] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!password && confirmation.trim().toUpperCase() !== CLOSE_ACCOUNT_CONFIRMATION) {
      setError(`Enter your password or type ${CLOSE_ACCOUNT_CONFIRMATION} to confirm`);
      return;
    }
    try {
      const result = await close.mutateAsync({ password, confirmation });
      if (result.deleted) {
        setClosedMessage(result.message);
        auth.clear();
      } else {
        toast.success(result.message);
        setPassword('');
        setConfirmation('');
      }
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields.password ?? failure.message) : 'The account could not be closed. Please try again.');
    }
  }

  async function keepAccount() {
    try {
      const result = await cancel.mutateAsync();
      toast.success(result.message);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'Please try again.');
    }
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

        {signedIn && (
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
                {status.data.requested ? (
                  <div className="flex flex-col gap-3 rounded-xl bg-brand-50 p-4 sm:flex-row sm:items-center">
                    <p className="flex-1 text-sm text-ink-800">You asked to close this account. You can still change your mind.</p>
                    <Button variant="outline" size="sm" onClick={() => void keepAccount()} loading={cancel.isPending}>
                      Keep my account
                    </Button>
                  </div>
                ) : (
                  <form onSubmit={submit} noValidate className="space-y-4 border-t border-ink-100 pt-5">
                    {error && <Alert tone="error">{error}</Alert>}
                    <div className="grid gap-4 sm:grid-cols-2">
                      <Field label="Your password">
                        <PasswordInput autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
                      </Field>
                      <Field label={`Or type ${CLOSE_ACCOUNT_CONFIRMATION}`}>
                        <Input value={confirmation} onChange={(event) => setConfirmation(event.target.value)} autoComplete="off" />
                      </Field>
                    </div>
                    <div className="flex flex-col-reverse gap-3 xs:flex-row xs:justify-end">
                      <Link to={paths.user.dashboard} className="btn btn-outline">
                        Cancel
                      </Link>
                      <Button type="submit" variant="danger" loading={close.isPending} loadingText="Closing…">
                        Close my account
                      </Button>
                    </div>
                  </form>
                )}
              </>
            )}
          </section>
        )}

        {!signedIn && auth.status !== 'loading' && (
          <section aria-labelledby="next-heading" className="card space-y-4 p-5 text-center sm:p-8">
            <h2 id="next-heading" className="text-lg font-semibold">
              {closedMessage ? 'Thank you for supporting good causes' : 'Thinking of coming back?'}
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
        )}
      </div>
    </>
  );
}
