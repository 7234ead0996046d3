import { useState } from 'react';
import { StartMonthlyGiftRequest } from '@pledgeway/domain/schemas/monthly-giving';
import { CardPicker } from '@/components/payments/card-picker';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { useCharities } from '@/lib/charities';
import { useMonthlyAction } from '../api';

const DAYS = Array.from({ length: 31 }, (_, nth) => nth + 1);

/** Give monthly: charity, amount, optional tip, a saved or new card, and the day of the month (UTC). */
export function StartMonthlyGift({ charityId, onDone, onCancel }: { charityId?: string; onDone(message: string): void; onCancel(): void }) {
  const charities = useCharities();
  const list = (charities.data ?? []).flatMap((group) => group.charities);
  const [picked, setPicked] = useState(charityId ?? '');
  const chosen = picked || list[0]?._id || '';
  const [amount, setAmount] = useState('');
  const [tip, setTip] = useState('');
  const [card, setCard] = useState('');
  const [day, setDay] = useState(() => new Date().getUTCDate());
  const [share, setShare] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const action = useMonthlyAction();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = {
      amount: amount === '' ? undefined : Number(amount),
      tip: tip === '' ? 0 : Number(tip),
      payment_method_id: card,
      charge_day: day,
      share_email_with_charity: share,
    };
    const parsed = StartMonthlyGiftRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    try {
      const answer = await action.mutateAsync({ kind: 'start', charityId: chosen, body: parsed.data });
      onDone(answer.message);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The monthly gift could not be started. Nothing was charged.');
    }
  }

  const lastDayNote = day >= 29 ? ` In months shorter than ${day} days, it falls on the month’s last day.` : '';
  return (
    <form noValidate onSubmit={submit} className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-6" aria-labelledby="start-monthly-title">
      <h2 id="start-monthly-title" className="text-xl font-semibold sm:col-span-2">
        Give monthly
      </h2>
      {failure && (
        <Alert tone="error" className="sm:col-span-2">
          {failure}
        </Alert>
      )}
      <Field label="Charity" required className="sm:col-span-2">
        <Select value={chosen} onChange={(event) => setPicked(event.target.value)}>
          {list.map((charity) => (
            <option key={charity._id} value={charity._id}>
              {charity.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Monthly amount (USD)" error={errors.amount} required>
        <Input type="number" inputMode="decimal" min={1} step="0.01" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </Field>
      <Field label="Tip to Pledgeway (optional, USD)" error={errors.tip}>
        <Input type="number" inputMode="decimal" min={0} step="0.01" value={tip} onChange={(event) => setTip(event.target.value)} />
      </Field>
      <Field label="Day of the month" error={errors.charge_day} className="sm:col-span-2">
        <Select value={day} onChange={(event) => setDay(Number(event.target.value))}>
          {DAYS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </Field>
      <p className="text-sm text-ink-600 sm:col-span-2">
        This month’s gift is charged now; the next on day {day} of next month, then every month (dates in UTC).{lastDayNote}
      </p>
      <label className="flex items-start gap-2 text-sm sm:col-span-2">
        <input type="checkbox" className="mt-0.5 size-4 shrink-0" checked={share} onChange={(event) => setShare(event.target.checked)} />
        <span>Share my e-mail address with the charity (you can change this later in My Giving)</span>
      </label>
      <div className="sm:col-span-2">
        <CardPicker value={card} onChange={setCard} error={errors.payment_method_id} legend="Charge each month to" />
      </div>
      <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={action.isPending} loadingText="Charging…">
          Give monthly
        </Button>
      </div>
    </form>
  );
}
