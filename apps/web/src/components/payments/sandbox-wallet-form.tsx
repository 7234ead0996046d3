import { SANDBOX_WALLET_OUTCOMES, type PaymentMethodResponse, type SandboxWalletOutcome } from '@pledgeway/domain/schemas/payment-methods';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useAddSandboxWallet } from '@/lib/payment-methods';

/** What the tester may have the sandbox do, in words (decision 151). */
export const OUTCOME_LABELS: Record<SandboxWalletOutcome, string> = {
  succeed: 'Approve: later charges succeed',
  decline_on_save: 'Decline now: nothing is saved',
  decline_on_charge: 'Approve now, decline every charge later',
  action_required: 'Approve now, ask for approval again at each charge',
};

const ABOUT: Record<'wallet' | 'cashapp', string> = {
  wallet:
    'The sandbox wallet stands in for Apple Pay and Google Pay, which cannot run in this demo. It holds a test Visa ending in 4242. No real wallet is used and nothing is ever charged.',
  cashapp: 'The sandbox cash app stands in for Cash App Pay, which cannot run in this demo. No real cash app is used and nothing is ever charged.',
};

const SANDBOX_NAMES: Record<'wallet' | 'cashapp', string> = { wallet: 'sandbox wallet', cashapp: 'sandbox cash app' };

interface SandboxWalletFieldsProps {
  kind: 'wallet' | 'cashapp';
  outcome: SandboxWalletOutcome;
  onOutcome(outcome: SandboxWalletOutcome): void;
  cashtag: string;
  onCashtag(cashtag: string): void;
  cashtagError?: string | null;
}

/**
 * What the sandbox wallet's sheet or the sandbox cash app's approval asks: the cash app's
 * $cashtag and the outcome the tester chooses. Inside Add New Card's form (saved) and a visitor's
 * donation form (charged once, issue 41).
 */
export function SandboxWalletFields({ kind, outcome, onOutcome, cashtag, onCashtag, cashtagError }: SandboxWalletFieldsProps) {
  return (
    <>
      <p className="rounded-xl bg-ink-50 px-4 py-3 text-sm text-ink-700">{ABOUT[kind]}</p>
      {kind === 'cashapp' && (
        <Field label="Your $cashtag" required error={cashtagError ?? undefined} hint="For example $ava_gives">
          <Input value={cashtag} autoComplete="off" spellCheck={false} onChange={(event) => onCashtag(event.target.value)} placeholder="$cashtag" />
        </Field>
      )}
      <Field label={`What the ${SANDBOX_NAMES[kind]} does`} hint="A sandbox choice, to try each way a real provider can answer.">
        <Select value={outcome} onChange={(event) => onOutcome(event.target.value as SandboxWalletOutcome)}>
          {SANDBOX_WALLET_OUTCOMES.map((value) => (
            <option key={value} value={value}>
              {OUTCOME_LABELS[value]}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}

interface SandboxWalletFormProps {
  kind: 'wallet' | 'cashapp';
  onSaved(method: PaymentMethodResponse): void;
  onCancel(): void;
}

/**
 * The sandbox provider's wallet sheet or cash-app approval: the tester chooses what the sandbox
 * does (approve, decline now, decline at the charge, ask for approval at the charge), the sandbox
 * answers with a token and the app saves it like a card's. It never says Apple Pay or Cash App:
 * neither is used here.
 */
export function SandboxWalletForm({ kind, onSaved, onCancel }: SandboxWalletFormProps) {
  const add = useAddSandboxWallet();
  const [outcome, setOutcome] = useState<SandboxWalletOutcome>('succeed');
  const [cashtag, setCashtag] = useState('');
  const [cashtagError, setCashtagError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog may open inside another form (the wizard): its submit must not reach that one.
    event.stopPropagation();
    setFailure(null);
    setCashtagError(null);
    try {
      const saved = await add.mutateAsync({ kind, outcome, ...(kind === 'cashapp' ? { cashtag: cashtag.trim() } : {}) });
      onSaved(saved.data);
    } catch (error) {
      if (error instanceof ApiError && error.fields.cashtag) setCashtagError(error.fields.cashtag);
      setFailure(error instanceof Error ? error.message : `The ${SANDBOX_NAMES[kind]} could not be saved.`);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <SandboxWalletFields kind={kind} outcome={outcome} onOutcome={setOutcome} cashtag={cashtag} onCashtag={setCashtag} cashtagError={cashtagError} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={add.isPending} loadingText="Saving...">
          {kind === 'wallet' ? 'Approve in the sandbox wallet' : 'Approve in the sandbox cash app'}
        </Button>
      </DialogFooter>
    </form>
  );
}
