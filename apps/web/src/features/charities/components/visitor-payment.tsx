import type { SandboxWalletOutcome } from '@pledgeway/domain/schemas/payment-methods';
import { useState } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { CardCvvInput, CardExpiryInput, CardNumberInput } from '@/components/payments/card-inputs';
import { SandboxMethodChoice, type SandboxMethod } from '@/components/payments/sandbox-method-choice';
import { SandboxWalletFields } from '@/components/payments/sandbox-wallet-form';
import { approveSandboxWallet } from '@/lib/payment-methods';
import type { DonationForm as DonationValues } from '@pledgeway/domain/schemas/public';

/**
 * A visitor's way to pay (issue 41): Add New Card's three choices, charged once and never saved (a
 * saved method needs an account). `onChange` runs when the choice changes, so a token of another
 * method is never sent again.
 */
export function useVisitorMethod(onChange: () => void) {
  const [kind, setKind] = useState<SandboxMethod>('card');
  const [outcome, setOutcome] = useState<SandboxWalletOutcome>('succeed');
  const [cashtag, setCashtag] = useState('');
  const [cashtagError, setCashtagError] = useState<string | null>(null);

  function changed<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      setCashtagError(null);
      onChange();
    };
  }

  /** The sandbox wallet's or cash app's single-use token for this donation. */
  async function approve(): Promise<string> {
    if (kind === 'card') throw new Error('A card is tokenized by the card form');
    return (await approveSandboxWallet({ kind, outcome, ...(kind === 'cashapp' ? { cashtag: cashtag.trim() } : {}) })).token;
  }

  function reset() {
    setKind('card');
    setOutcome('succeed');
    setCashtag('');
    setCashtagError(null);
  }

  return {
    kind,
    choose: changed(setKind),
    outcome,
    setOutcome: changed(setOutcome),
    cashtag,
    setCashtag: changed(setCashtag),
    cashtagError,
    setCashtagError,
    approve,
    reset,
  };
}

export type VisitorMethod = ReturnType<typeof useVisitorMethod>;

interface VisitorPaymentProps {
  visitor: VisitorMethod;
  errors: FieldErrors<DonationValues>;
  field(name: keyof DonationValues): UseFormRegisterReturn;
}

/** The visitor's payment section: a typed card, the sandbox wallet or the sandbox cash app. */
export function VisitorPayment({ visitor, errors, field }: VisitorPaymentProps) {
  return (
    <>
      <div className="sm:col-span-2">
        <SandboxMethodChoice legend="Pay with" value={visitor.kind} onChange={visitor.choose} />
      </div>
      {visitor.kind === 'card' ? (
        <>
          <Field label="Card number" error={errors.cardNumber?.message} required className="sm:col-span-2">
            <CardNumberInput registration={field('cardNumber')} />
          </Field>
          <Field label="Expiry (MM/YY)" error={errors.expiry?.message} required>
            <CardExpiryInput registration={field('expiry')} />
          </Field>
          <Field label="CVV" error={errors.cvv?.message} required>
            <CardCvvInput registration={field('cvv')} />
          </Field>
        </>
      ) : (
        <div className="grid gap-4 sm:col-span-2">
          <SandboxWalletFields
            kind={visitor.kind}
            outcome={visitor.outcome}
            onOutcome={visitor.setOutcome}
            cashtag={visitor.cashtag}
            onCashtag={visitor.setCashtag}
            cashtagError={visitor.cashtagError}
          />
        </div>
      )}
      <p className="text-sm text-ink-600 sm:col-span-2">Signed in, you can also give with a card, wallet or cash app saved to your account.</p>
    </>
  );
}
