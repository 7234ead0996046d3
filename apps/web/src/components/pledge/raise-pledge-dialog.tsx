import { formatCents, formatDollars } from '@pledgeway/domain/money';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PledgeBreakdown } from './pledge-breakdown';
import { TipChoice } from './tip-choice';
import { useRaiseForm, type RaisablePledge } from './use-raise-form';

interface RaisePledgeDialogProps {
  pledge: RaisablePledge;
  eventId: string;
  eventName: string;
  onClose(): void;
}

function RaisedDialog({ message, amount, onClose }: { message: string; amount: number; onClose(): void }) {
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title="Pledge raised">
      <Alert tone="success">{message}</Alert>
      <p className="mt-4 text-ink-700">Your pledge is now {formatDollars(amount)}. A confirmation is on its way to your e-mail.</p>
      <DialogFooter>
        <Button variant="dark" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

/**
 * Bidding Power: "Raise my pledge". The new amount, the tip and cover choices (preset to the
 * earlier ones), and the new breakdown before confirming. A pledge goes up, never down.
 */
export default function RaisePledgeDialog({ pledge, eventId, eventName, onClose }: RaisePledgeDialogProps) {
  const { form, values, quote, submit, failure, done } = useRaiseForm(pledge, eventId);
  const { errors, isSubmitting } = form.formState;
  const charityName = pledge.raise.charity_name ?? 'the charity';
  if (done) return <RaisedDialog message={done.message} amount={done.amount} onClose={onClose} />;

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Raise your pledge to ${eventName}`}
      description="A pledge can go up, never down. Your saved card is still charged only when the event is completed."
      size="lg"
    >
      <form onSubmit={(formEvent) => void submit(formEvent)} noValidate className="grid gap-5">
        {failure && <Alert tone="error">{failure}</Alert>}
        <p className="rounded-xl bg-ink-50 p-4 text-ink-800">
          Your pledge now: <strong>{formatDollars(pledge.amount)}</strong>
        </p>
        <Field
          label="New pledge amount (USD)"
          required
          error={errors.amount?.message}
          hint={`More than ${formatDollars(pledge.amount)}, up to ${formatDollars(pledge.raise.max_amount, { whole: true })}.`}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder={(pledge.amount * 2).toFixed(2)} {...form.register('amount')} />
        </Field>
        <TipChoice
          tip={values.tip}
          percent={values.tipPercent}
          tipCents={quote?.tipCents ?? null}
          onChoose={(answer, percent) => {
            form.setValue('tip', answer);
            form.setValue('tipPercent', percent);
          }}
          slider={form.register('tipPercent', { valueAsNumber: true })}
          sliderId="raise-tip-percent"
          presetPercent={pledge.raise.tip_percent}
        />
        <label className="flex items-start gap-3">
          <input type="checkbox" className="mt-1 size-4" {...form.register('coverFees')} />
          <span>Cover the fees, so {charityName} receives my whole pledge</span>
        </label>
        {quote ? (
          <PledgeBreakdown quote={quote} charityName={charityName} />
        ) : (
          <p className="rounded-xl bg-ink-50 p-4 text-sm text-ink-600">Enter the new amount to see the new breakdown of fees and what reaches {charityName}.</p>
        )}
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} loadingText="Raising your pledge…">
            {quote ? `Raise my pledge to ${formatCents(quote.amountCents)}` : 'Raise my pledge'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
