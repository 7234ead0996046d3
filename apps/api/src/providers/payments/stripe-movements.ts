import { providerError, type Stripe } from '../stripe/client.ts';
import { listStripeTransferMovements } from './stripe-connect.ts';
import type { MovementWindow, ProviderMovement } from './types.ts';

/** A `created` filter in Stripe's unix seconds, both ends inclusive. */
function createdFilter(window: MovementWindow): Stripe.RangeQueryParam | undefined {
  if (!window.from && !window.to) return undefined;
  return {
    ...(window.from ? { gte: Math.floor(window.from.getTime() / 1000) } : {}),
    ...(window.to ? { lte: Math.ceil(window.to.getTime() / 1000) } : {}),
  };
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Stripe's charges, refunds, disputes, transfers and transfer reversals, page by page (the SDK's auto-pagination, 100 a page). A
 * charge is named by its PaymentIntent (`pi_…`), the reference the app keeps; only a succeeded
 * charge moved money. A refund that failed or was cancelled returned nothing. A dispute withdrew its
 * amount, and a won one reinstated it; an inquiry (`warning_…`) moved nothing.
 */
export async function listStripeMovements(stripe: Stripe, window: MovementWindow = {}): Promise<ProviderMovement[]> {
  const created = createdFilter(window);
  const movements: ProviderMovement[] = [];
  try {
    for await (const charge of stripe.charges.list({ limit: 100, ...(created ? { created } : {}) })) {
      if (charge.status !== 'succeeded') continue;
      movements.push({ kind: 'charge', ref: idOf(charge.payment_intent) ?? charge.id, amountCents: charge.amount, createdAt: new Date(charge.created * 1000) });
    }
    for await (const refund of stripe.refunds.list({ limit: 100, ...(created ? { created } : {}) })) {
      if (refund.status === 'failed' || refund.status === 'canceled') continue;
      const chargeRef = idOf(refund.payment_intent) ?? idOf(refund.charge) ?? undefined;
      movements.push({ kind: 'refund', ref: refund.id, amountCents: refund.amount, chargeRef, createdAt: new Date(refund.created * 1000) });
    }
    for await (const dispute of stripe.disputes.list({ limit: 100, ...(created ? { created } : {}) })) {
      if (dispute.status.startsWith('warning_')) continue;
      const withdrawal = {
        ref: dispute.id,
        amountCents: dispute.amount,
        chargeRef: idOf(dispute.payment_intent) ?? idOf(dispute.charge) ?? undefined,
        createdAt: new Date(dispute.created * 1000),
      };
      movements.push({ kind: 'dispute', ...withdrawal });
      if (dispute.status === 'won') movements.push({ kind: 'dispute_reversal', ...withdrawal });
    }
    movements.push(...(await listStripeTransferMovements(stripe, created)));
  } catch (error) {
    throw providerError(error);
  }
  return movements;
}
