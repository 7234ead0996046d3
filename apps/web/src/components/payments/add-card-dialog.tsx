import { zodResolver } from '@hookform/resolvers/zod';
import { CARD_NUMBER_INPUT_MAX_LENGTH } from '@pledgeway/domain/cards';
import { formatCardNumber, formatExpiry, SandboxCardRequest, type PaymentMethodResponse } from '@pledgeway/domain/schemas/payment-methods';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useAddCard } from '@/lib/payment-methods';

const EMPTY: SandboxCardRequest = { holder_name: '', number: '', expiry: '', cvv: '' };

interface AddCardDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Called with the saved card, e.g. to select it right away. */
  onAdded?(card: PaymentMethodResponse): void;
}

/** The sandbox provider's card form, in a dialog (Stripe Elements replaces it when Stripe is on). */
export function AddCardDialog({ open, onOpenChange, onAdded }: AddCardDialogProps) {
  const add = useAddCard();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SandboxCardRequest>({ resolver: zodResolver(SandboxCardRequest), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  function close(next: boolean) {
    if (!next) {
      form.reset(EMPTY);
      setFailure(null);
    }
    onOpenChange(next);
  }

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await add.mutateAsync(values);
      toast.success('Card added successfully');
      onAdded?.(saved.data);
      close(false);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in EMPTY) form.setError(field as keyof SandboxCardRequest, { message });
        }
      }
      setFailure(error instanceof Error ? error.message : 'The card could not be saved.');
    }
  });

  const numberField = form.register('number');
  const expiryField = form.register('expiry');
  const cvvField = form.register('cvv');

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add New Card"
      description="Test mode: use 4242 4242 4242 4242 with any future date and any CVV. Your card number is never stored by Pledgeway."
    >
      {/* The dialog may open inside another form (the wizard): its submit must not reach that one. */}
      <form
        onSubmit={(event) => {
          event.stopPropagation();
          void submit(event);
        }}
        noValidate
        className="space-y-4"
      >
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label="Card holder name" required error={errors.holder_name?.message}>
          <Input autoComplete="cc-name" {...form.register('holder_name')} />
        </Field>
        <Field label="Card number" required error={errors.number?.message}>
          <Input
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={CARD_NUMBER_INPUT_MAX_LENGTH}
            {...numberField}
            onChange={(event) => {
              event.target.value = formatCardNumber(event.target.value);
              void numberField.onChange(event);
            }}
          />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="Expiry date" required error={errors.expiry?.message}>
            <Input
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={5}
              {...expiryField}
              onChange={(event) => {
                event.target.value = formatExpiry(event.target.value);
                void expiryField.onChange(event);
              }}
            />
          </Field>
          <Field label="CVV" required error={errors.cvv?.message}>
            <Input
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              {...cvvField}
              onChange={(event) => {
                event.target.value = event.target.value.replace(/\D/g, '').slice(0, 4);
                void cvvField.onChange(event);
              }}
            />
          </Field>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} loadingText="Saving card...">
            Save card
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
