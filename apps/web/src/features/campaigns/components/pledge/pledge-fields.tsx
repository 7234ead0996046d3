import type { UseFormReturn } from 'react-hook-form';
import { formatCents, formatDollars } from '@pledgeway/domain/money';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import type { PledgeFormValues } from './pledge-form';

type PledgeForm = UseFormReturn<PledgeFormValues>;

/** A runoff pledge backs one option. */
export function OptionField({ event, form }: { event: EventDetailResponse; form: PledgeForm }) {
  return (
    <Field label="Option you back" required error={form.formState.errors.participantId?.message}>
      <Select {...form.register('participantId')}>
        <option value="">Choose an option</option>
        {event.participants.map((person) => (
          <option key={person._id} value={person._id}>
            {person.full_name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The amount, with the limits that apply to this campaign; fixed (read-only) on a Donor Total runoff. */
export function AmountField({ form, fixedAmount, donationLimitCents }: { form: PledgeForm; fixedAmount: number | null; donationLimitCents: number | null }) {
  const hint =
    fixedAmount !== null
      ? `Every pledge to this runoff is exactly ${formatDollars(fixedAmount)}: the option with the most supporters wins.`
      : donationLimitCents === null
        ? 'From $1 to $50,000.'
        : `From $1 to ${formatCents(donationLimitCents, { whole: true })} (this campaign's donation limit).`;
  return (
    <Field label="Pledge amount (USD)" required error={form.formState.errors.amount?.message} hint={hint}>
      <Input inputMode="decimal" autoComplete="off" placeholder="50.00" readOnly={fixedAmount !== null} {...form.register('amount')} />
    </Field>
  );
}

/** Cover the fees, anonymity and updates by e-mail. */
export function PledgeChoices({ form, charityName }: { form: PledgeForm; charityName: string }) {
  return (
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
      <label className="flex items-start gap-3">
        <input type="checkbox" className="mt-1 size-4" {...form.register('shareEmail')} />
        <span>Share my e-mail address with {charityName}</span>
      </label>
      <label className="flex items-start gap-3">
        <input type="checkbox" className="mt-1 size-4" {...form.register('shareEmailWithHost')} />
        <span>Share my e-mail address with the campaign's host (they may thank me or add me to their own list)</span>
      </label>
    </div>
  );
}
