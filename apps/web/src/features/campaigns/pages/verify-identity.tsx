import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { IDENTITY_MESSAGES, SANDBOX_DECLINED_PREFIX, SandboxVerificationRequest } from '@pledgeway/domain/schemas/identity';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ShieldIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useIdentityStatus } from '../api/identity-status';
import { useStartIdentitySession } from '../api/start-identity-session';
import { useSubmitSandboxVerification } from '../api/submit-sandbox-verification';

function safeNext(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : paths.user.createEvent;
}

const STATUS_TEXT = {
  unverified: 'Not verified yet',
  pending: 'Verification started, not finished',
  verified: 'Verified',
  failed: 'Verification failed',
} as const;

/** The sandbox provider's hosted form: succeeds or fails on what is entered. */
function SandboxForm({ sessionId, next }: { sessionId: string; next: string }) {
  const navigate = useNavigate();
  const submit = useSubmitSandboxVerification(sessionId);
  const form = useForm<SandboxVerificationRequest>({
    resolver: zodResolver(SandboxVerificationRequest),
    mode: 'onTouched',
    defaultValues: { legalName: '', dateOfBirth: '', documentNumber: '' },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await submit.mutateAsync(values);
      if (result.identity_status === 'verified') {
        toast.success(result.message);
        await navigate(next, { replace: true });
      }
    } catch (error) {
      toast.error(error instanceof Error ? error.message : IDENTITY_MESSAGES.failed);
    }
  });
  const failed = submit.data?.identity_status === 'failed';
  return (
    <div className="grid gap-6">
      <Alert tone="info" title="Sandbox verification">
        This is the sandbox identity provider: nothing is sent to a real verification service. Any document number of 6 to 20 letters or digits is accepted,
        except one starting with {SANDBOX_DECLINED_PREFIX}, which is declined so you can try a failed check. You must be at least 18 years old.
      </Alert>
      {failed ? (
        <div className="grid gap-4">
          <Alert tone="error" title="Verification failed">
            {submit.data?.message}
          </Alert>
          <Link to={`${paths.user.verifyIdentity}?next=${encodeURIComponent(next)}`} className={buttonClasses({ className: 'justify-self-start' })}>
            Try again
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
          <Field label="Legal name" required error={errors.legalName?.message} hint="As it appears on your document.">
            <Input autoComplete="name" {...form.register('legalName')} />
          </Field>
          <Field label="Date of birth" required error={errors.dateOfBirth?.message}>
            <Input type="date" autoComplete="bday" {...form.register('dateOfBirth')} />
          </Field>
          <Field label="Document number" required error={errors.documentNumber?.message} hint="Passport, driving licence or national ID number.">
            <Input autoComplete="off" {...form.register('documentNumber')} />
          </Field>
          <Button type="submit" className="justify-self-start" loading={submit.isPending} loadingText="Verifying...">
            Verify my identity
          </Button>
        </form>
      )}
    </div>
  );
}

/** /user/verify-identity: phase 1 of campaign creation (status, start, and the sandbox's hosted page). */
export default function VerifyIdentityPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const sessionId = params.get('session');
  const status = useIdentityStatus();
  const start = useStartIdentitySession();
  const navigate = useNavigate();

  async function begin() {
    try {
      const session = await start.mutateAsync(next);
      if (session.url.startsWith('/')) await navigate(session.url);
      else window.location.assign(session.url);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not start the verification');
    }
  }

  if (status.isPending) return <FullPageSpinner label="Checking your verification status" />;
  const current = status.data?.identity_status ?? 'unverified';
  // Just verified on the hosted page: carry on where the user was going.
  if (current === 'verified' && sessionId) return <Navigate replace to={next} />;

  return (
    <div className="container-page max-w-2xl py-10 md:py-14">
      <div className="card p-6 sm:p-8">
        <div className="mb-6 flex items-center gap-3">
          <span className="grid size-12 place-items-center rounded-full bg-brand-100 text-brand-800">
            <ShieldIcon className="size-6" aria-hidden="true" />
          </span>
          <div>
            <h1 className="text-2xl font-bold">Verify your identity</h1>
            <p className="text-sm text-ink-500">Step 1 of creating a campaign · Status: {STATUS_TEXT[current]}</p>
          </div>
        </div>
        {status.isError && <Alert tone="error">{status.error.message}</Alert>}
        {current === 'verified' ? (
          <div className="grid gap-4">
            <Alert tone="success">{IDENTITY_MESSAGES.verified}</Alert>
            <Link to={next} className={buttonClasses({ className: 'justify-self-start' })}>
              Continue
            </Link>
          </div>
        ) : sessionId && current === 'pending' ? (
          <SandboxForm sessionId={sessionId} next={next} />
        ) : (
          <div className="grid gap-4 text-ink-700">
            <p>
              Before your first campaign goes to review, we confirm who you are with our identity-verification provider. It takes a minute and is done once.
            </p>
            {current === 'failed' && <Alert tone="error">{status.data?.session?.failure_reason ?? IDENTITY_MESSAGES.failed}</Alert>}
            <Button className="justify-self-start" onClick={() => void begin()} loading={start.isPending} loadingText="Starting...">
              {current === 'failed' ? 'Try again' : 'Start verification'}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
