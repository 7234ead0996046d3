import { zodResolver } from '@hookform/resolvers/zod';
import { OptionalReasonRequest, ReasonRequest } from '@pledgeway/domain/schemas/lifecycle';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
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

/** What the dialog says for one direction of a two-way action (freeze or unfreeze, disable or enable). */
export interface ReasonDialogCopy {
  title: string;
  description: string;
  confirmLabel: string;
  tone: 'danger' | 'default';
}

interface TargetReasonDialogProps<Target> {
  /** What the action is for; the dialog is open while there is one. */
  target: Target | null;
  onClose(): void;
  copy(target: Target): ReasonDialogCopy;
  /** Runs the action; its answer's message is shown once it succeeded. */
  onConfirm(target: Target, reason: string): Promise<{ message: string }>;
}

/** A reason dialog for an action on one row of a console list, its words chosen by that row. */
export function TargetReasonDialog<Target>({ target, onClose, copy, onConfirm }: TargetReasonDialogProps<Target>) {
  const words = target ? copy(target) : null;
  return (
    <ReasonDialog
      open={Boolean(target)}
      onOpenChange={(open) => !open && onClose()}
      title={words?.title ?? ''}
      description={words?.description ?? ''}
      confirmLabel={words?.confirmLabel ?? ''}
      tone={words?.tone}
      onConfirm={async (reason) => {
        const result = await onConfirm(target!, reason);
        toast.success(result.message);
      }}
    />
  );
}
