import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminPledgeRow } from '@pledgeway/domain/schemas/admin';
import { SandboxOpenDisputeRequest } from '@pledgeway/domain/schemas/disputes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useOpenSandboxDispute } from '../api/open-sandbox-dispute';
import { formatDollars } from '../lib/format';

type Values = { amount: string };

/**
 * The sandbox's donor bank disputes a charged pledge (decision 093; after its transfer, decision
 * 130 reverses the charity's part): all of the charge, or the amount typed. Sandbox only.
 */
export function SandboxDisputeForm({ pledge, onDone }: { pledge: AdminPledgeRow; onDone(): void }) {
  const open = useOpenSandboxDispute();
  const [failure, setFailure] = useState<string>();
  const charged = pledge.charged_amount ?? pledge.amount;
  const form = useForm<Values>({ resolver: zodResolver(SandboxOpenDisputeRequest) as never, defaultValues: { amount: charged.toFixed(2) } });
  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const answer = await open.mutateAsync({ pledgeId: pledge._id, amount: values.amount });
      toast.success(`${answer.message}: ${formatDollars(answer.data.amount)}, ${formatDollars(answer.data.charity_share)} from the charity.`);
      onDone();
    } catch (error) {
      setFailure((error as Error).message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Open a sandbox dispute" className="mt-4 space-y-3 rounded-lg border border-ink-200 bg-ink-50 p-4">
      <p className="text-sm text-ink-800">
        <span className="font-semibold tracking-wide uppercase">Sandbox</span>: the donor&apos;s bank disputes {pledge.donor?.name ?? 'this supporter'}
        &apos;s charge of {formatDollars(charged)}. If the charge was transferred to the charity, its part is reversed from the charity&apos;s account.
      </p>
      <Field label="Disputed amount (USD)" required error={form.formState.errors.amount?.message}>
        <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
      </Field>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Opening…">
          Open dispute
        </Button>
      </div>
    </form>
  );
}
