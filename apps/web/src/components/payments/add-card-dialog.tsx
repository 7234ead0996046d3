import { zodResolver } from '@hookform/resolvers/zod';
import { SandboxCardRequest, type PaymentMethodResponse } from '@pledgeway/domain/schemas/payment-methods';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAddCard, usePaymentConfig } from '@/lib/payment-methods';
import { CardCvvInput, CardExpiryInput, CardNumberInput } from './card-inputs';
import { CARD_FORM_UNAVAILABLE } from './messages';
import { SandboxMethodChoice, type SandboxMethod } from './sandbox-method-choice';
import { SandboxWalletForm } from './sandbox-wallet-form';

// Stripe Elements and Stripe.js load only when the dialog opens with Stripe as the provider.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

const EMPTY: SandboxCardRequest = { holder_name: '', number: '', expiry: '', cvv: '' };

interface AddCardDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Called with the saved card, e.g. to select it right away. */
  onAdded?(card: PaymentMethodResponse): void;
}

/** Add New Card: the sandbox provider's own card form, or Stripe Elements when Stripe is the provider. */
export function AddCardDialog({ open, onOpenChange, onAdded }: AddCardDialogProps) {
  const config = usePaymentConfig(open);
  const stripeKey = config.data?.provider === 'stripe' ? config.data.publishable_key : null;

  function saved(card: PaymentMethodResponse) {
    toast.success(card.kind === 'card' ? 'Card added successfully' : `${card.label} saved to your payment methods`);
    onAdded?.(card);
    onOpenChange(false);
  }

  // Each says what is true of the provider in use; nothing while it is unknown or unavailable.
  const description = stripeKey
    ? 'Your card, wallet or Cash App Pay details go straight to Stripe, our payment processor. Pledgeway never sees or stores your card number. Apple Pay, Google Pay, Link and Cash App Pay show below only where Stripe offers them to your browser, device and country.'
    : config.data?.provider === 'sandbox'
      ? 'Payments here go through the sandbox payment provider, so no real card is charged and no real wallet or cash app is used.'
      : undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add New Card" description={description}>
      {config.isPending ? (
        <CardFormLoading />
      ) : config.isError || (config.data.provider === 'stripe' && !stripeKey) ? (
        <Alert tone="error">{CARD_FORM_UNAVAILABLE}</Alert>
      ) : stripeKey ? (
        <Suspense fallback={<CardFormLoading />}>
          <StripeCardForm publishableKey={stripeKey} onSaved={saved} onCancel={() => onOpenChange(false)} />
        </Suspense>
      ) : (
        <SandboxMethods onSaved={saved} onCancel={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

/** With the sandbox: a card, the sandbox wallet or the sandbox cash app (decision 151). */
function SandboxMethods({ onSaved, onCancel }: { onSaved(card: PaymentMethodResponse): void; onCancel(): void }) {
  const [method, setMethod] = useState<SandboxMethod>('card');
  return (
    <div className="space-y-4">
      <SandboxMethodChoice legend="Save" value={method} onChange={setMethod} />
      {method === 'card' ? (
        <>
          <p className="text-sm text-ink-600">
            A test card such as 4242 4242 4242 4242 works with any future date and any CVV, and 4000 0000 0000 0341 saves but every charge of it is declined.
          </p>
          <SandboxCardForm onSaved={onSaved} onCancel={onCancel} />
        </>
      ) : (
        <SandboxWalletForm key={method} kind={method} onSaved={onSaved} onCancel={onCancel} />
      )}
    </div>
  );
}

function CardFormLoading() {
  return (
    <div className="flex justify-center py-6 text-brand-700">
      <Spinner label="Loading the card form" />
    </div>
  );
}

/** The sandbox form's state: the card goes to the provider's own endpoint, the app saves the token. */
function useSandboxCardForm(onSaved: (card: PaymentMethodResponse) => void) {
  const add = useAddCard();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SandboxCardRequest>({ resolver: zodResolver(SandboxCardRequest), defaultValues: EMPTY });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await add.mutateAsync(values);
      onSaved(saved.data);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in EMPTY) form.setError(field as keyof SandboxCardRequest, { message });
        }
      }
      setFailure(error instanceof Error ? error.message : 'The card could not be saved.');
    }
  });

  return { form, failure, submit };
}

/** The sandbox provider's card form. */
function SandboxCardForm({ onSaved, onCancel }: { onSaved(card: PaymentMethodResponse): void; onCancel(): void }) {
  const { form, failure, submit } = useSandboxCardForm(onSaved);
  const { errors, isSubmitting } = form.formState;

  return (
    // The dialog may open inside another form (the wizard): its submit must not reach that one.
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
        <CardNumberInput registration={form.register('number')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry date" required error={errors.expiry?.message}>
          <CardExpiryInput registration={form.register('expiry')} />
        </Field>
        <Field label="CVV" required error={errors.cvv?.message}>
          <CardCvvInput registration={form.register('cvv')} />
        </Field>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting} loadingText="Saving card...">
          Save card
        </Button>
      </DialogFooter>
    </form>
  );
}
