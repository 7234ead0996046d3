import type { UseFormReturn } from 'react-hook-form';
import { TEST_MODE_VALUES, type PaymentStep as PaymentOutput, type PaymentStepInput } from '@pledgeway/domain/schemas/event-create';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PlusIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { usePaymentMethods } from '@/lib/payment-methods';
import { CHECKOUT_METHOD } from '../../api/fund-event';

type PaymentMethodsQuery = ReturnType<typeof usePaymentMethods>;

/** The sandbox's test card, shown only: in test mode nothing is typed. */
export function TestCardFieldset() {
  return (
    <fieldset disabled className="grid gap-4 rounded-xl bg-ink-50 p-4 md:grid-cols-2">
      <legend className="sr-only">Test card (display only)</legend>
      <Field label="Card holder name">
        <Input value={TEST_MODE_VALUES.cardHolderName} readOnly />
      </Field>
      <Field label="Card number">
        <Input value={TEST_MODE_VALUES.cardNumber} readOnly />
      </Field>
      <Field label="Expiry (MM/YY)" hint="Test card: accepted whatever its printed expiry.">
        <div className="flex items-center gap-3">
          <Input value={TEST_MODE_VALUES.expiryDate} readOnly className="min-w-0" />
          <span className="shrink-0 rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-ink-800">test card</span>
        </div>
      </Field>
      <Field label="CVV">
        <Input value={TEST_MODE_VALUES.cvv} readOnly />
      </Field>
    </fieldset>
  );
}

interface PaymentMethodFieldsetProps {
  form: UseFormReturn<PaymentStepInput, unknown, PaymentOutput>;
  methods: PaymentMethodsQuery;
  cards: NonNullable<PaymentMethodsQuery['data']>;
  hostedCheckout: boolean;
  onAddCard(): void;
}

/** The creator's saved payment methods, Stripe's hosted page when it is the provider, and a way to add a card. */
export function PaymentMethodFieldset({ form, methods, cards, hostedCheckout, onAddCard }: PaymentMethodFieldsetProps) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <fieldset className="grid gap-3">
      <legend className="label">Payment method</legend>
      {methods.isPending && <p className="text-ink-500">Loading your saved payment methods…</p>}
      {cards.map((card) => (
        <label
          key={card.id}
          className={cn(
            'flex cursor-pointer items-center gap-3 rounded-xl border-2 p-4',
            'has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 border-ink-100',
          )}
        >
          <input type="radio" value={card.id} className="accent-brand-600" {...register('paymentMethod')} />
          {card.kind === 'card' && card.card ? (
            <>
              <span className="font-semibold capitalize">{card.card.brand}</span> •••• {card.card.last4}
              <span className="ml-auto text-sm text-ink-500">
                {String(card.card.exp_month).padStart(2, '0')}/{String(card.card.exp_year).slice(-2)} · {card.billing_details.name}
              </span>
            </>
          ) : (
            <span className="font-semibold">{card.label}</span>
          )}
        </label>
      ))}
      {hostedCheckout && (
        <label className="flex cursor-pointer items-center gap-3 rounded-xl border-2 border-ink-100 p-4 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
          <input type="radio" value={CHECKOUT_METHOD} className="accent-brand-600" {...register('paymentMethod')} />
          <span>
            <span className="block font-semibold">A new card on Stripe&apos;s secure payment page</span>
            <span className="text-sm text-ink-500">You are taken to Stripe to pay, then brought back here.</span>
          </span>
        </label>
      )}
      {methods.isSuccess && cards.length === 0 && !hostedCheckout && <p className="text-ink-600">You have no saved payment methods yet.</p>}
      {methods.isError && <p className="field-error">Your saved payment methods could not be loaded. You can still add one.</p>}
      <div>
        <Button variant="outline" size="sm" onClick={onAddCard}>
          <PlusIcon className="size-4" aria-hidden="true" />
          Add a new card
        </Button>
      </div>
      {errors.paymentMethod && (
        <p className="field-error" role="alert">
          {errors.paymentMethod.message}
        </p>
      )}
    </fieldset>
  );
}
