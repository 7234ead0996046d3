import { useState } from 'react';
import { Link } from 'react-router';
import { formatDollars, formatUtcDay } from '@pledgeway/domain';
import type { MonthlyCharge, MonthlyGift } from '@pledgeway/domain/schemas/monthly-giving';
import { CardPicker } from '@/components/payments/card-picker';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { paths } from '@/config/paths';
import type { MonthlyAction } from '../api';

const day = (iso: string) => formatUtcDay(new Date(iso));
const total = (item: { amount: number; tip: number }) => formatDollars(item.amount + item.tip);

const GIFT_STATUS: Record<MonthlyGift['status'], [string, BadgeTone]> = {
  active: ['Active', 'green'],
  paused: ['Paused', 'yellow'],
  payment_failed: ['Paused: payment declined', 'red'],
  cancelled: ['Cancelled', 'grey'],
};

/** What became of one month's charge, in words with its dates. */
function chargeText(charge: MonthlyCharge): string {
  switch (charge.status) {
    case 'charged':
      return `Charged ${day(charge.charged_at ?? charge.due_at)}`;
    case 'failed':
      return `Declined: ${charge.failure_message ?? 'the payment was declined.'} Next try ${charge.next_retry_at ? day(charge.next_retry_at) : 'soon'}.`;
    case 'action_required':
      return 'Your bank asks for your confirmation; nothing was charged yet.';
    case 'abandoned':
      return `Not charged after the retries: ${charge.failure_message ?? 'declined'}`;
    case 'cancelled':
      return 'Not charged: the gift was cancelled';
    default:
      return 'Being charged now';
  }
}

type Panel = 'amount' | 'card' | 'pause' | null;

export function GiftCard({
  gift,
  highlighted,
  sandbox,
  busy,
  run,
}: {
  gift: MonthlyGift;
  highlighted: boolean;
  sandbox: boolean;
  busy: boolean;
  run(action: MonthlyAction): Promise<boolean>;
}) {
  const [panel, setPanel] = useState<Panel>(null);
  const [cancelling, setCancelling] = useState(false);
  const unpaid = gift.charges.filter((charge) => ['failed', 'action_required', 'abandoned'].includes(charge.status));
  const open = gift.status !== 'cancelled';

  async function act(action: MonthlyAction) {
    if (await run(action)) setPanel(null);
  }

  async function confirmCancel() {
    await act({ kind: 'cancel', giftId: gift._id });
    setCancelling(false);
  }

  return (
    <article
      id={`gift-${gift._id}`}
      className={`card space-y-4 p-5 sm:p-6 ${highlighted ? 'ring-2 ring-brand-500' : ''}`}
      aria-labelledby={`gift-title-${gift._id}`}
    >
      <GiftSummary gift={gift} />

      {unpaid.length > 0 && open && <UnpaidNotice charge={unpaid[0]!} />}

      <EmailSharingChoice gift={gift} busy={busy} act={act} />

      {open && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setPanel(panel === 'amount' ? null : 'amount')} aria-expanded={panel === 'amount'}>
            Change amount
          </Button>
          <Button
            size="sm"
            variant={unpaid.length ? 'primary' : 'outline'}
            onClick={() => setPanel(panel === 'card' ? null : 'card')}
            aria-expanded={panel === 'card'}
          >
            {unpaid.length ? 'Update payment method' : 'Change payment method'}
          </Button>
          {gift.status === 'active' && (
            <Button size="sm" variant="outline" onClick={() => setPanel(panel === 'pause' ? null : 'pause')} aria-expanded={panel === 'pause'}>
              Pause
            </Button>
          )}
          {gift.status === 'paused' && (
            <Button size="sm" variant="outline" loading={busy} onClick={() => void act({ kind: 'resume', giftId: gift._id })}>
              Resume
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setCancelling(true)}>
            Cancel gift
          </Button>
          {sandbox && (gift.status === 'active' || gift.status === 'paused') && (
            <Button size="sm" variant="ghost" loading={busy} onClick={() => void act({ kind: 'advance', giftId: gift._id })}>
              Sandbox: let a month pass
            </Button>
          )}
        </div>
      )}

      {panel && <GiftPanel panel={panel} gift={gift} unpaid={unpaid.length > 0} busy={busy} act={act} />}

      <ChargeList gift={gift} />

      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title="Cancel this monthly gift?"
        description={`Your gift of ${total(gift)} a month to ${gift.charity_name} stops now${gift.next_charge_at ? `: the charge of ${day(gift.next_charge_at)} will not be made` : ''}.`}
        confirmLabel="Cancel gift"
        cancelLabel="Keep giving"
        tone="danger"
        loading={busy}
        onConfirm={confirmCancel}
      />
    </article>
  );
}

function GiftSummary({ gift }: { gift: MonthlyGift }) {
  const [label, tone] = GIFT_STATUS[gift.status];
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`gift-title-${gift._id}`} className="text-lg font-semibold">
            {gift.charity_name}
          </h2>
          <p className="text-ink-600">
            {total(gift)} each month
            {gift.tip ? ` (${formatDollars(gift.amount)} gift and ${formatDollars(gift.tip)} tip)` : ''}, on day {gift.charge_day}
          </p>
        </div>
        <Badge tone={tone}>{label}</Badge>
      </header>

      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-ink-500">Next charge</dt>
          <dd className="font-medium">
            {gift.next_charge_at
              ? `${day(gift.next_charge_at)}: ${total(gift)}`
              : gift.status === 'payment_failed'
                ? 'None until you update your payment method'
                : 'None'}
          </dd>
        </div>
        <div>
          <dt className="text-ink-500">Payment method</dt>
          <dd className="font-medium">{gift.card ? gift.card.label : 'Removed: please choose a payment method'}</dd>
        </div>
        <div>
          <dt className="text-ink-500">Started</dt>
          <dd className="font-medium">{day(gift.created_at)}</dd>
        </div>
      </dl>
    </>
  );
}

/** The open form of one change: amount, card or pause. */
function GiftPanel({
  panel,
  gift,
  unpaid,
  busy,
  act,
}: {
  panel: Exclude<Panel, null>;
  gift: MonthlyGift;
  unpaid: boolean;
  busy: boolean;
  act(action: MonthlyAction): Promise<void>;
}) {
  const [amount, setAmount] = useState(String(gift.amount));
  const [tip, setTip] = useState(String(gift.tip));
  const [card, setCard] = useState(gift.card?._id ?? '');
  const [months, setMonths] = useState(1);
  return (
    <>
      {panel === 'amount' && (
        <form
          className="grid gap-3 sm:grid-cols-3 sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void act({ kind: 'amount', giftId: gift._id, body: { amount: Number(amount), tip: tip === '' ? 0 : Number(tip) } });
          }}
        >
          <Field label="Monthly amount (USD)">
            <Input type="number" inputMode="decimal" min={1} step="0.01" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </Field>
          <Field label="Tip (USD)">
            <Input type="number" inputMode="decimal" min={0} step="0.01" value={tip} onChange={(event) => setTip(event.target.value)} />
          </Field>
          <Button type="submit" loading={busy}>
            Save from the next charge
          </Button>
        </form>
      )}
      {panel === 'card' && (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void act({ kind: 'card', giftId: gift._id, body: { payment_method_id: card } });
          }}
        >
          <CardPicker value={card} onChange={setCard} legend="Charge this gift to" />
          <Button type="submit" loading={busy}>
            {unpaid ? 'Use this method and charge the unpaid month' : 'Use this payment method'}
          </Button>
        </form>
      )}
      {panel === 'pause' && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void act({ kind: 'pause', giftId: gift._id, body: { months } });
          }}
        >
          <Field label="Skip the next">
            <Select value={months} onChange={(event) => setMonths(Number(event.target.value))}>
              <option value={1}>1 month</option>
              <option value={2}>2 months</option>
              <option value={3}>3 months</option>
            </Select>
          </Field>
          <Button type="submit" loading={busy}>
            Pause
          </Button>
        </form>
      )}
    </>
  );
}

function ChargeList({ gift }: { gift: MonthlyGift }) {
  return (
    <section aria-label={`Charges of the gift to ${gift.charity_name}`}>
      <h3 className="mb-2 text-sm font-semibold text-ink-700">Charges so far</h3>
      <ul className="divide-y divide-ink-100 rounded-xl border border-ink-100 text-sm">
        {gift.charges.map((charge) => (
          <li key={charge._id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-3 py-2">
            <span className="font-medium">
              {day(charge.due_at)}: {total(charge)}
            </span>
            <span className={charge.status === 'charged' ? 'text-emerald-800' : 'text-ink-700'}>
              {chargeText(charge)}
              {charge.status === 'action_required' && gift.status !== 'cancelled' && (
                <>
                  {' '}
                  <Link className="font-medium text-brand-700 underline" to={paths.user.givingConfirm(gift._id, charge._id)}>
                    Confirm payment
                  </Link>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Decision 183: the donor may change this any time; the charity's CSV and events read it when made. */
function EmailSharingChoice({ gift, busy, act }: { gift: MonthlyGift; busy: boolean; act(action: MonthlyAction): Promise<void> }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0"
        checked={gift.share_email_with_charity}
        disabled={busy}
        onChange={(event) => void act({ kind: 'sharing', giftId: gift._id, body: { share_email_with_charity: event.target.checked } })}
      />
      <span>Share my e-mail address with the charity</span>
    </label>
  );
}

function UnpaidNotice({ charge }: { charge: MonthlyCharge }) {
  return (
    <p className="rounded-xl bg-red-50 p-3 text-sm text-red-800" role="status">
      The charge of {day(charge.due_at)} ({total(charge)}) is unpaid. “Update payment method” charges it once, now, on the method you choose.
    </p>
  );
}
