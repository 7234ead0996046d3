import type { PledgeQuote } from '@pledgeway/domain/fees';
import { formatCents } from '@pledgeway/domain/money';

/**
 * The itemised breakdown shown before confirming (docs/money.md#rules), from quotePledge: the
 * same arithmetic the server stores and charges.
 */
export function PledgeBreakdown({ quote, charityName }: { quote: PledgeQuote; charityName: string }) {
  const rows: Array<[string, number]> = [
    ['Your pledge', quote.amountCents],
    ['Platform fee', quote.platformFeeCents],
    ['Estimated card fee', quote.cardFeeCents],
    ['Tip to Pledgeway', quote.tipCents],
  ];
  if (quote.coverCents > 0) rows.push(['You cover the fees', quote.coverCents]);
  return (
    <section aria-labelledby="pledge-breakdown-heading" className="rounded-xl bg-ink-50 p-4">
      <h3 id="pledge-breakdown-heading" className="font-semibold">
        Breakdown
      </h3>
      <dl className="mt-2 grid gap-1 text-sm" aria-live="polite">
        {rows.map(([label, cents]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-ink-600">{label}</dt>
            <dd>{formatCents(cents)}</dd>
          </div>
        ))}
        <div className="mt-1 flex justify-between gap-4 border-t border-ink-200 pt-2 font-semibold">
          <dt>Total charged when the event is completed</dt>
          <dd>{formatCents(quote.totalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 font-semibold text-emerald-800">
          <dt>Reaches {charityName}</dt>
          <dd>{formatCents(quote.netToCharityCents)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-ink-500">
        Fees come off the pledge before it reaches the charity; the card fee is an estimate until the charge. The tip goes to Pledgeway, never to the charity.
      </p>
    </section>
  );
}
