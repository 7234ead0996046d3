import { CARD_NUMBER_INPUT_MAX_LENGTH, formatCardNumber, formatCvv, formatExpiry } from '@pledgeway/domain/cards';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';

/** A registered field whose typed value is reformatted before the form sees it. */
function formatted(registration: UseFormRegisterReturn, format: (value: string) => string): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: async (event) => {
      event.target.value = format(event.target.value);
      return registration.onChange(event);
    },
  };
}

interface CardInputProps {
  /** The field's `register()` result, possibly wrapped (e.g. to clear its error on edit). */
  registration: UseFormRegisterReturn;
}

// The card inputs of every card form (saved card, donation): digits only, formatted as typed, with
// the autofill hints a browser needs to offer a stored card.

export function CardNumberInput({ registration }: CardInputProps) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="cc-number"
      placeholder="1234 5678 9012 3456"
      maxLength={CARD_NUMBER_INPUT_MAX_LENGTH}
      {...formatted(registration, formatCardNumber)}
    />
  );
}

export function CardExpiryInput({ registration }: CardInputProps) {
  return <Input inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" maxLength={5} {...formatted(registration, formatExpiry)} />;
}

export function CardCvvInput({ registration }: CardInputProps) {
  return <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} {...formatted(registration, formatCvv)} />;
}
