import { zodResolver } from '@hookform/resolvers/zod';
import { OptionalReasonRequest, ReasonRequest } from '@pledgeway/domain/schemas/lifecycle';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';

interface ReasonDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  confirmLabel: string;
  /** A reason is required (reject) or optional (freeze, unfreeze, disable). */
  required?: boolean;
  tone?: 'danger' | 'default';
  onConfirm(reason: string): Promise<unknown>;
}

/** Asks for the reason an action is taken; it goes to the audit log (and, for a rejection, to the creator). */
export function ReasonDialog({ open, onOpenChange, title, description, confirmLabel, required = false, tone = 'default', onConfirm }: ReasonDialogProps) {
  const form = useForm<{ reason: string }>({ resolver: zodResolver(required ? ReasonRequest : OptionalReasonRequest) as never, defaultValues: { reason: '' } });
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    if (open) {
      form.reset({ reason: '' });
      setFailure(undefined);
    }
  }, [open, form]);

  const submit = form.handleSubmit(async ({ reason }) => {
    setFailure(undefined);
    try {
      await onConfirm(reason);
      onOpenChange(false);
    } catch (error) {
      setFailure((error as Error).message);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form onSubmit={submit} noValidate className="mt-5 space-y-4">
        <Field label={required ? 'Reason' : 'Reason (optional)'} required={required} error={form.formState.errors.reason?.message}>
          <Textarea autoFocus rows={4} {...form.register('reason')} />
        </Field>
        {failure && <Alert tone="error">{failure}</Alert>}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant={tone === 'danger' ? 'danger' : 'primary'} loading={form.formState.isSubmitting}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
