import { formatCents } from '@pledgeway/domain/money';
import { runoffChargeRuleText } from '@pledgeway/domain/runoff';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { PLEDGE_MESSAGE_MAX_CHARS } from '@pledgeway/domain/schemas/pledges';
import { CardPicker } from '@/components/payments/card-picker';
import { PledgeBreakdown } from '@/components/pledge/pledge-breakdown';
import { TipChoice } from '@/components/pledge/tip-choice';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { AmountField, OptionField, PledgeChoices } from './pledge-fields';
import { usePledgeForm } from './use-pledge-form';

interface PledgeDialogProps {
  event: EventDetailResponse;
  /** The signed-in user owns the campaign: the platform fee is 5% instead of 3%. */
  isCreator: boolean;
  /** A runoff option's own button opened the dialog: that option is chosen already. */
  participantId?: string;
  onClose(): void;
}

function PledgeSavedDialog({ message, onClose }: { message: string; onClose(): void }) {
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title="Pledge saved">
      <Alert tone="success">{message}</Alert>
      <p className="mt-4 text-ink-700">A receipt is on its way to your e-mail. You can follow this pledge on My Pledges.</p>
      <DialogFooter>
        <Button variant="dark" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

function RunoffChargeRule({ event }: { event: EventDetailResponse }) {
  return (
    <p className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-ink-800" data-testid="runoff-charge-rule">
      <strong>Which pledges are charged: </strong>
      {runoffChargeRuleText(event.runoff_chargeable_places ?? null)}
    </p>
  );
}

/** The pledge flow: amount, tip, options, card, the breakdown, then one confirmation. */
export default function PledgeDialog({ event, isCreator, participantId, onClose }: PledgeDialogProps) {
  const { form, values, quote, fixedAmount, donationLimitCents, submit, failure, done } = usePledgeForm(event, isCreator, participantId);
  const { errors, isSubmitting } = form.formState;
  const charityName = event.charity?.name ?? 'the charity';
  if (done) return <PledgeSavedDialog message={done} onClose={onClose} />;

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Pledge to ${event.name}`}
      description="Your payment method is saved now and charged only when the event is completed."
      size="lg"
    >
      <form onSubmit={(formEvent) => void submit(formEvent)} noValidate className="grid gap-5">
        {failure && <Alert tone="error">{failure}</Alert>}
        {event.kind === 'runoff' && <OptionField event={event} form={form} />}
        <AmountField form={form} fixedAmount={fixedAmount} donationLimitCents={donationLimitCents} />
        <TipChoice
          tip={values.tip}
          percent={values.tipPercent}
          tipCents={quote?.tipCents ?? null}
          onChoose={(answer, percent) => {
            form.setValue('tip', answer);
            form.setValue('tipPercent', percent);
          }}
          slider={form.register('tipPercent', { valueAsNumber: true })}
          sliderId="pledge-tip-percent"
        />
        <PledgeChoices form={form} charityName={charityName} />
        <Field label="Public message (optional)" error={errors.message?.message} hint={`Up to ${PLEDGE_MESSAGE_MAX_CHARS} characters, shown with your pledge.`}>
          <Textarea rows={2} {...form.register('message')} />
        </Field>
        <CardPicker
          value={values.paymentMethodId}
          onChange={(id) => form.setValue('paymentMethodId', id, { shouldValidate: form.formState.isSubmitted })}
          error={errors.paymentMethodId?.message}
        />
        {event.kind === 'runoff' && <RunoffChargeRule event={event} />}
        {quote ? (
          <PledgeBreakdown quote={quote} charityName={charityName} />
        ) : (
          <p className="rounded-xl bg-ink-50 p-4 text-sm text-ink-600">Enter an amount to see the breakdown of fees and what reaches {charityName}.</p>
        )}
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} loadingText="Saving your pledge…">
            {quote ? `Confirm pledge of ${formatCents(quote.totalCents)}` : 'Confirm pledge'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
