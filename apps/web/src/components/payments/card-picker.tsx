import type { PaymentMethodResponse } from '@pledgeway/domain/schemas/payment-methods';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePaymentMethods } from '@/lib/payment-methods';
import { AddCardDialog } from './add-card-dialog';

interface CardPickerProps {
  value: string;
  onChange(id: string): void;
  /** Shown under the group and read with it. */
  error?: string;
  legend?: string;
}

/**
 * The signed-in user's saved payment methods (cards, wallets, cash apps) as a radio group, with "Add a new card" in place: one added
 * here is selected at once. Shared by the pledge, donation and monthly-giving dialogs and the update of a failed pledge.
 */
export function CardPicker({ value, onChange, error, legend = 'Pay with' }: CardPickerProps) {
  const cards = usePaymentMethods();
  const [adding, setAdding] = useState(false);
  const errorId = error ? 'card-picker-error' : undefined;

  // The default card is chosen unless the user picks another.
  useEffect(() => {
    if (value || !cards.data?.length) return;
    onChange((cards.data.find((card) => card.is_default) ?? cards.data[0]!).id);
  }, [value, cards.data, onChange]);

  return (
    <fieldset aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend className="label">{legend}</legend>
      {cards.isPending && <Spinner label="Loading your payment methods" />}
      {cards.isError && <Alert tone="error">Your saved payment methods could not be loaded. Please try again.</Alert>}
      {cards.isSuccess && cards.data.length === 0 && <p className="text-sm text-ink-600">You have no saved payment methods yet.</p>}
      {cards.isSuccess && cards.data.length > 0 && (
        <div className="grid gap-2">
          {cards.data.map((card: PaymentMethodResponse) => (
            <label
              key={card.id}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-ink-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input type="radio" name="payment_method_id" value={card.id} checked={value === card.id} onChange={() => onChange(card.id)} className="size-4" />
              {card.kind === 'card' && card.card ? (
                <>
                  <span className="font-medium capitalize">{card.card.brand}</span>
                  <span className="text-ink-700">•••• {card.card.last4}</span>
                  <span className="ml-auto text-sm text-ink-500">
                    {String(card.card.exp_month).padStart(2, '0')}/{String(card.card.exp_year).slice(-2)}
                  </span>
                </>
              ) : (
                <span className="font-medium">{card.label}</span>
              )}
            </label>
          ))}
        </div>
      )}
      <Button variant="outline" size="sm" className="mt-3" onClick={() => setAdding(true)}>
        Add a new card
      </Button>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      <AddCardDialog open={adding} onOpenChange={setAdding} onAdded={(card) => onChange(card.id)} />
    </fieldset>
  );
}
