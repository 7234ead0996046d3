import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { TIP_DEFAULT_PERCENT, TIP_MAX_PERCENT } from '@pledgeway/domain/fees';
import { dollarsToCents, formatCents, formatDollars } from '@pledgeway/domain/money';
import { runoffChargeRuleText } from '@pledgeway/domain/runoff';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { PLEDGE_MESSAGE_MAX_CHARS } from '@pledgeway/domain/schemas/pledges';
import { CardPicker } from '@/components/payments/card-picker';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useCreatePledge } from '../../api/create-pledge';
import { PledgeBreakdown } from './pledge-breakdown';
import { EMPTY_PLEDGE_FORM, quoteFor, toPledgeRequest, type PledgeFormValues } from './pledge-form';

interface PledgeDialogProps {
  event: EventDetailResponse;
  /** The signed-in user owns the campaign: the platform fee is 5% instead of 3%. */
  isCreator: boolean;
  /** A runoff option's own button opened the dialog: that option is chosen already. */
  participantId?: string;
  onClose(): void;
}

/** The pledge flow: amount, tip, options, card, the breakdown, then one confirmation. */
export default function PledgeDialog({ event, isCreator, participantId, onClose }: PledgeDialogProps) {
  const create = useCreatePledge(event._id);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // One key per confirmation: a retry after a lost answer is the same pledge, never a second one.
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const donationLimitCents = event.donation_limit === null ? null : dollarsToCents(event.donation_limit);
  const rules = { donationLimitCents, isRunoff: event.kind === 'runoff' };
  const resolver: Resolver<PledgeFormValues> = async (values) => {
    const result = toPledgeRequest(values, rules);
    if (result.request) return { values, errors: {} };
    return { values: {}, errors: Object.fromEntries(Object.entries(result.errors).map(([field, message]) => [field, { type: 'validate', message }])) };
  };
  // Donor Total: every pledge is the creator's one fixed amount, so the amount is set, not typed.
  const fixedAmount = event.kind === 'runoff' && event.runoff_win_by === 'donor_total' ? (event.runoff_fixed_amount ?? null) : null;
  const form = useForm<PledgeFormValues>({
    defaultValues: { ...EMPTY_PLEDGE_FORM, participantId: participantId ?? '', amount: fixedAmount === null ? '' : fixedAmount.toFixed(2) },
    resolver,
  });
  const { errors, isSubmitting } = form.formState;
  const values = { ...EMPTY_PLEDGE_FORM, ...useWatch({ control: form.control }) };
  const quote = quoteFor(values, isCreator);
  const charityName = event.charity?.name ?? 'the charity';

  const submit = form.handleSubmit(async (formValues) => {
    setFailure(null);
    const { request } = toPledgeRequest(formValues, rules);
    if (!request) return;
    try {
      const answer = await create.mutateAsync({ body: request, requestKey });
      setDone(answer.message);
    } catch (error) {
      if (error instanceof ApiError) {
        // The server answered, so nothing was saved: the next confirmation is a new request.
        if (error.status !== 0) setRequestKey(crypto.randomUUID());
        const fieldMap: Record<string, keyof PledgeFormValues> = {
          amount: 'amount',
          payment_method_id: 'paymentMethodId',
          message: 'message',
          participant_id: 'participantId',
        };
        for (const [field, message] of Object.entries(error.fields)) {
          const target = fieldMap[field];
          if (target) form.setError(target, { message });
        }
      }
      setFailure(error instanceof Error ? error.message : 'Your pledge could not be saved. Please try again.');
    }
  });

  if (done) {
    return (
      <Dialog open onOpenChange={(next) => !next && onClose()} title="Pledge saved">
        <Alert tone="success">{done}</Alert>
        <p className="mt-4 text-ink-700">A receipt is on its way to your e-mail. You can follow this pledge on My Pledges.</p>
        <DialogFooter>
          <Button variant="dark" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Pledge to ${event.name}`}
      description="Your card is saved now and charged only when the event is completed."
      size="lg"
    >
      <form onSubmit={(formEvent) => void submit(formEvent)} noValidate className="grid gap-5">
        {failure && <Alert tone="error">{failure}</Alert>}
        {event.kind === 'runoff' && (
          <Field label="Option you back" required error={errors.participantId?.message}>
            <Select {...form.register('participantId')}>
              <option value="">Choose an option</option>
              {event.participants.map((person) => (
                <option key={person._id} value={person._id}>
                  {person.full_name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field
          label="Pledge amount (USD)"
          required
          error={errors.amount?.message}
          hint={
            fixedAmount !== null
              ? `Every pledge to this runoff is exactly ${formatDollars(fixedAmount)}: the option with the most supporters wins.`
              : donationLimitCents === null
                ? 'From $1 to $50,000.'
                : `From $1 to ${formatCents(donationLimitCents, { whole: true })} (this campaign's donation limit).`
          }
        >
          <Input inputMode="decimal" autoComplete="off" placeholder="50.00" readOnly={fixedAmount !== null} {...form.register('amount')} />
        </Field>
        <fieldset>
          <legend className="label">Add a tip for Pledgeway? Tips keep the platform running and never come out of the charity's share.</legend>
          <div className="mt-1 flex gap-3">
            {(['yes', 'no'] as const).map((choice) => (
              <label
                key={choice}
                className="flex cursor-pointer items-center gap-2 rounded-xl border border-ink-200 px-4 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  value={choice}
                  checked={values.tip === choice}
                  onChange={() => {
                    form.setValue('tip', choice);
                    form.setValue('tipPercent', choice === 'yes' ? TIP_DEFAULT_PERCENT : 0);
                  }}
                  className="size-4"
                />
                {choice === 'yes' ? 'YES' : 'NO'}
              </label>
            ))}
          </div>
          {values.tip === 'yes' && (
            <div className="mt-3">
              <label htmlFor="pledge-tip-percent" className="text-sm font-medium">
                Tip: {values.tipPercent}%{quote ? ` (${formatCents(quote.tipCents)})` : ''}
              </label>
              <input
                id="pledge-tip-percent"
                type="range"
                min={0}
                max={TIP_MAX_PERCENT}
                step={1}
                className="mt-1 w-full accent-brand-600"
                aria-valuetext={`${values.tipPercent}%`}
                {...form.register('tipPercent', { valueAsNumber: true })}
              />
            </div>
          )}
        </fieldset>
        <div className="grid gap-2">
          <label className="flex items-start gap-3">
            <input type="checkbox" className="mt-1 size-4" {...form.register('coverFees')} />
            <span>Cover the fees, so {charityName} receives my whole pledge</span>
          </label>
          <label className="flex items-start gap-3">
            <input type="checkbox" className="mt-1 size-4" {...form.register('anonymous')} />
            <span>Pledge anonymously (your name is not shown to the public)</span>
          </label>
          <label className="flex items-start gap-3">
            <input type="checkbox" className="mt-1 size-4" {...form.register('notifyUpdates')} />
            <span>E-mail me this campaign's updates</span>
          </label>
        </div>
        <Field label="Public message (optional)" error={errors.message?.message} hint={`Up to ${PLEDGE_MESSAGE_MAX_CHARS} characters, shown with your pledge.`}>
          <Textarea rows={2} {...form.register('message')} />
        </Field>
        <CardPicker
          value={values.paymentMethodId}
          onChange={(id) => form.setValue('paymentMethodId', id, { shouldValidate: form.formState.isSubmitted })}
          error={errors.paymentMethodId?.message}
        />
        {event.kind === 'runoff' && (
          <p className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-ink-800" data-testid="runoff-charge-rule">
            <strong>Which pledges are charged: </strong>
            {runoffChargeRuleText(event.runoff_chargeable_places ?? null)}
          </p>
        )}
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
