import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { SandboxOnboardingRequest, type SandboxConnectAccount } from '@pledgeway/domain/schemas/charity-connect';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { FullPageSpinner } from '@/components/ui/spinner';
import { formatDollars } from '@/lib/format';
import { useSandboxAccount, useSubmitSandboxOnboarding } from '../api/sandbox-onboarding';

/** Only an address of this site is followed back (the provider's return and refresh links). */
function sameSite(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}` : null;
  } catch {
    return null;
  }
}

function State({ account }: { account: SandboxConnectAccount }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-ink-700">Details submitted</dt>
        <dd className="font-semibold">{account.details_submitted ? 'Yes' : 'No'}</dd>
      </div>
      <div>
        <dt className="text-ink-700">Payouts</dt>
        <dd>{account.payouts_enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="yellow">Not enabled</Badge>}</dd>
      </div>
      <div>
        <dt className="text-ink-700">Bank account</dt>
        <dd className="font-semibold">{account.bank_last4 ? `•••• ${account.bank_last4}` : 'None yet'}</dd>
      </div>
      {account.requirements_due.length > 0 && (
        <div className="sm:col-span-3">
          <dt className="text-ink-700">Still due</dt>
          <dd className="font-mono text-xs break-all">{account.requirements_due.join(', ')}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * /user/sandbox-connect/{account}: the sandbox's stand-in for Stripe's hosted Connect onboarding.
 * It takes a bank account (nothing is sent anywhere), can leave a requirement due as Stripe does
 * when it asks for more, and returns to the address the platform gave.
 */
export default function SandboxConnectPage() {
  const { ref = '' } = useParams();
  const [params] = useSearchParams();
  const back = sameSite(params.get('return_url'));
  const account = useSandboxAccount(ref);
  const submit = useSubmitSandboxOnboarding(ref);
  const form = useForm<SandboxOnboardingRequest>({
    resolver: zodResolver(SandboxOnboardingRequest),
    mode: 'onTouched',
    defaultValues: { bank_account_number: '', leave_requirement_due: false },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await submit.mutateAsync(values);
      toast.success(saved.payouts_enabled ? 'Onboarding complete: payouts enabled.' : 'Details saved; a requirement is still due.');
      if (back) window.location.assign(back);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The form could not be saved');
    }
  });

  if (account.isPending) return <FullPageSpinner label="Opening the onboarding form" />;
  if (account.isError)
    return (
      <Alert tone="error" title="Onboarding unavailable">
        {account.error.message}
      </Alert>
    );
  const data = account.data;
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <div className="grid gap-2">
        <span className="text-xs font-semibold tracking-wide text-ink-700 uppercase">Sandbox · payment provider</span>
        <h1 className="text-2xl font-bold text-ink-900">Set up payouts for {data.business_name}</h1>
      </div>
      <Alert tone="info" title="Sandbox onboarding">
        This stands in for Stripe&apos;s hosted onboarding: no identity or bank check is made and no money reaches a real bank. Payouts to the bank account
        below are simulated.
      </Alert>
      <Card className="grid gap-5 p-5">
        <State account={data} />
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
          <Field label="Bank account number" required error={errors.bank_account_number?.message} hint="4 to 17 digits; only the last four are kept.">
            <Input inputMode="numeric" autoComplete="off" {...form.register('bank_account_number')} />
          </Field>
          <label className="flex items-start gap-3 text-sm text-ink-800">
            <input type="checkbox" className="mt-1 size-4" {...form.register('leave_requirement_due')} />
            <span>
              Leave a requirement due
              <span className="block text-ink-700">The provider then asks for the representative&apos;s identity document before it pays the charity.</span>
            </span>
          </label>
          <Button type="submit" className="justify-self-start" loading={submit.isPending} loadingText="Saving…">
            {data.details_submitted ? 'Update and continue' : 'Submit and continue'}
          </Button>
        </form>
      </Card>
      {data.payouts.length > 0 && (
        <Card className="grid gap-3 p-5">
          <h2 className="text-lg font-bold text-ink-900">Payouts to the charity&apos;s bank</h2>
          <ul className="grid gap-2 text-sm">
            {data.payouts.map((payout) => (
              <li key={payout.ref} className="flex flex-wrap justify-between gap-2">
                <span>
                  {formatDollars(payout.amount)} to •••• {payout.bank_last4}
                </span>
                <span className="font-mono text-xs text-ink-700">{payout.ref}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
