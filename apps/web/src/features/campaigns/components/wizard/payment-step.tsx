import { useEffect, useMemo, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { TEST_MODE_VALUES, type PaymentStep as PaymentOutput, type PaymentStepInput } from '@pledgeway/domain/schemas/event-create';
import { AddCardDialog } from '@/components/payments/add-card-dialog';
import { Field } from '@/components/ui/field';
import { usePaymentConfig, usePaymentMethods } from '@/lib/payment-methods';
import { CHECKOUT_METHOD } from '../../api/fund-event';
import { AmountInput } from '../amount-input';
import { PaymentMethodFieldset, TestCardFieldset } from './payment-fields';

/** Step 5: test mode (fixed values, shown only), or one of the creator's cards (saved, or added here). */
export function PaymentStep({ form }: { form: UseFormReturn<PaymentStepInput, unknown, PaymentOutput> }) {
  const { register, control, formState, setValue } = form;
  const errors = formState.errors;
  const testMode = useWatch({ control, name: 'testMode' });
  const methods = usePaymentMethods(!testMode);
  const hostedCheckout = usePaymentConfig(!testMode).data?.provider === 'stripe';
  const cards = useMemo(() => methods.data ?? [], [methods.data]);
  const [adding, setAdding] = useState(false);
  const chosen = useWatch({ control, name: 'paymentMethod' });

  // The saved default card is chosen for the creator, as on any checkout; another can still be picked.
  const defaultCard = cards.find((card) => card.is_default);
  useEffect(() => {
    if (testMode || !defaultCard) return;
    if (chosen === CHECKOUT_METHOD) return;
    if (!chosen || !cards.some((card) => card.id === chosen)) setValue('paymentMethod', defaultCard.id, { shouldValidate: true });
  }, [testMode, defaultCard, chosen, cards, setValue]);

  return (
    <div className="grid gap-6">
      <p className="text-ink-600">
        Fund your campaign to send it for review. Your own pledge carries a 5% platform fee plus the payment provider's fee, and cannot be withdrawn once the
        campaign is approved.
      </p>
      <label className="flex items-center justify-between gap-4 rounded-xl border border-ink-100 p-4">
        <span>
          <span className="block font-semibold text-ink-900">Test mode</span>
          <span className="text-sm text-ink-500">The sandbox's test card below is used; no real card is charged.</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="size-6 accent-brand-600"
          {...register('testMode', {
            onChange: (event: { target: { checked: boolean } }) => {
              if (event.target.checked) setValue('amount', TEST_MODE_VALUES.amount, { shouldValidate: true });
            },
          })}
        />
      </label>

      {testMode ? (
        <TestCardFieldset />
      ) : (
        <PaymentMethodFieldset form={form} methods={methods} cards={cards} hostedCheckout={hostedCheckout} onAddCard={() => setAdding(true)} />
      )}

      <AddCardDialog
        open={adding}
        onOpenChange={setAdding}
        onAdded={(card) => setValue('paymentMethod', card.id, { shouldValidate: true, shouldDirty: true })}
      />

      <Field label="Amount (USD)" required error={errors.amount?.message} hint={testMode ? 'Fixed at $100.00 in test mode.' : 'Between $100 and $50,000.'}>
        <AmountInput control={control} name="amount" readOnly={testMode} className={testMode ? 'bg-ink-50' : ''} />
      </Field>
    </div>
  );
}
