import type { PaymentMethodResponse } from '@pledgeway/domain/schemas/payment-methods';
import { CardIcon } from '@/components/ui/icons';

/** A small card tile: last4, expiry and holder name (docs/product.md#payment-methods). */
export function PaymentMethodSummary({ method }: { method: PaymentMethodResponse }) {
  if (method.kind !== 'card' || !method.card) {
    return (
      <article aria-label={method.label} className="flex items-center gap-4 rounded-2xl bg-gradient-to-br from-ink-900 to-ink-700 p-4 text-white">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/10">
          <CardIcon size={22} />
        </span>
        <p className="min-w-0 flex-1 truncate font-medium">{method.label}</p>
        {method.is_default && <span className="rounded-full bg-brand-500 px-2 py-0.5 text-xs font-bold text-ink-900">Default</span>}
      </article>
    );
  }
  const expiry = `${String(method.card.exp_month).padStart(2, '0')}/${String(method.card.exp_year % 100).padStart(2, '0')}`;
  return (
    <article
      aria-label={`Card ending in ${method.card.last4}`}
      className="flex items-center gap-4 rounded-2xl bg-gradient-to-br from-ink-900 to-ink-700 p-4 text-white"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/10">
        <CardIcon size={22} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-mono tracking-widest">•••• {method.card.last4}</p>
        <p className="truncate text-sm text-ink-200">
          {method.billing_details.name} · Expires {expiry}
        </p>
      </div>
      {method.is_default && <span className="rounded-full bg-brand-500 px-2 py-0.5 text-xs font-bold text-ink-900">Default</span>}
    </article>
  );
}
