import { PAYMENT_METHOD_KIND_NAMES, type PaymentMethodResponse } from '@pledgeway/domain/schemas/payment-methods';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const BRAND_LABEL: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** A saved card: brand, last4, expiry and holder name (docs/product.md#payment-methods); a wallet or cash app by its kind. */
export function CardTile({ method, actions, className }: { method: PaymentMethodResponse; actions?: ReactNode; className?: string }) {
  if (method.kind !== 'card' || !method.card) return <WalletTile method={method} actions={actions} className={className} />;
  const brand = BRAND_LABEL[method.card.brand] ?? 'Card';
  const expiry = `${String(method.card.exp_month).padStart(2, '0')}/${String(method.card.exp_year % 100).padStart(2, '0')}`;
  return (
    <article
      aria-label={`${brand} ending in ${method.card.last4}`}
      className={cn('flex min-h-48 flex-col justify-between rounded-2xl bg-gradient-to-br from-ink-900 to-ink-700 p-5 text-white shadow-md', className)}
    >
      <div className="flex items-start justify-between gap-2">
        <span className="font-display text-lg font-semibold">{brand}</span>
        {method.is_default && <span className="rounded-full bg-brand-500 px-2.5 py-0.5 text-xs font-bold text-ink-900">Default</span>}
      </div>
      <p className="font-mono text-lg tracking-widest" aria-label={`Card ending in ${method.card.last4}`}>
        •••• •••• •••• {method.card.last4}
      </p>
      <div className="flex items-end justify-between gap-3 text-sm">
        <div className="min-w-0">
          <p className="text-xs text-ink-200 uppercase">Card holder</p>
          <p className="truncate font-medium">{method.billing_details.name}</p>
        </div>
        <div className="text-right">
          <p className="text-xs text-ink-200 uppercase">Expires</p>
          <p className="font-medium">{expiry}</p>
        </div>
      </div>
      {actions && <div className="mt-4 flex flex-wrap gap-2 border-t border-white/15 pt-3">{actions}</div>}
    </article>
  );
}

/**
 * A wallet's card or a cash app (decision 150): its kind first ("Sandbox wallet", "Apple Pay",
 * "Cash App Pay"), then the card behind it or the $cashtag, named as the API's label names it.
 */
function WalletTile({ method, actions, className }: { method: PaymentMethodResponse; actions?: ReactNode; className?: string }) {
  const card = method.card;
  return (
    <article
      aria-label={method.label}
      className={cn(
        'flex min-h-48 flex-col justify-between rounded-2xl bg-gradient-to-br from-ink-900 to-ink-700 p-5 text-white shadow-md ring-2 ring-brand-500',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <span className="font-display text-lg font-semibold">{PAYMENT_METHOD_KIND_NAMES[method.kind]}</span>
        {method.is_default && <span className="rounded-full bg-brand-500 px-2.5 py-0.5 text-xs font-bold text-ink-900">Default</span>}
      </div>
      <p className="truncate font-mono text-lg tracking-wide">{card ? `${BRAND_LABEL[card.brand] ?? 'Card'} •••• ${card.last4}` : method.detail}</p>
      <div className="flex items-end justify-between gap-3 text-sm">
        <p className="min-w-0 text-ink-100">{card ? 'A card kept in this wallet' : 'Paid from this cash app'}</p>
        {card && (
          <div className="text-right">
            <p className="text-xs text-ink-200 uppercase">Expires</p>
            <p className="font-medium">{`${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`}</p>
          </div>
        )}
      </div>
      {actions && <div className="mt-4 flex flex-wrap gap-2 border-t border-white/15 pt-3">{actions}</div>}
    </article>
  );
}
