import { zodResolver } from '@hookform/resolvers/zod';
import { MarkPayoutRequest } from '@pledgeway/domain/schemas/admin';
import type { CharityPayouts } from '@pledgeway/domain/schemas/money-admin';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useCreatePayout } from '../api/create-payout';
import { formatDollars } from '../lib/format';

type Values = { charity_id: string; amount: number; reference: string; paid_on: string };

/** Records money sent to a charity, with the bank or transfer reference and the day it was paid. */
export function MarkPaidDialog({ charity, onClose }: { charity: CharityPayouts | null; onClose(): void }) {
  const create = useCreatePayout();
  const [failure, setFailure] = useState<string>();
  const form = useForm<Values>({ resolver: zodResolver(MarkPayoutRequest) as never });
  useEffect(() => {
    if (charity) {
      form.reset({ charity_id: charity.charity_id, amount: charity.payable, reference: '', paid_on: new Date().toISOString().slice(0, 10) });
      setFailure(undefined);
    }
  }, [charity, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(`Payout of ${formatDollars(values.amount)} to ${charity!.name} recorded`);
      onClose();
    } catch (error) {
      setFailure((error as Error).message);
    }
  });

  return (
    <Dialog
      open={Boolean(charity)}
      onOpenChange={(open) => !open && onClose()}
      title={`Mark paid: ${charity?.name ?? ''}`}
      description={charity ? `Payable now: ${formatDollars(charity.payable)}.` : undefined}
    >
      <form onSubmit={submit} noValidate className="mt-5 space-y-4">
        <Field label="Amount (USD)" required error={form.formState.errors.amount?.message}>
          <Input type="number" step="0.01" min="0.01" inputMode="decimal" {...form.register('amount', { valueAsNumber: true })} />
        </Field>
        <Field label="Reference" required hint="The bank transfer or payment reference" error={form.formState.errors.reference?.message}>
          <Input {...form.register('reference')} />
        </Field>
        <Field label="Paid on" required error={form.formState.errors.paid_on?.message}>
          <Input type="date" {...form.register('paid_on')} />
        </Field>
        {failure && <Alert tone="error">{failure}</Alert>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Mark as paid
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
