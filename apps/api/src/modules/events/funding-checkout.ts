import { centsToDollars } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isStripe, type ChargeResult, type StripePaymentProvider } from '../../providers/payments/index.ts';
import { chargeAttemptKey } from '../charging/index.ts';
import { notifyCampaignChanged } from '../../lib/campaign-changed.ts';
import { createPaymentMethodsService } from '../payment-methods/index.ts';
import { creatorFundingRepository, type CreatorFundingPledge } from '../pledges/index.ts';

/** A funding pledge waiting for a hosted checkout keeps the session's id (`cs_…`) as its provider reference. */
export const CHECKOUT_REF_PREFIX = 'cs_';
const IN_PROGRESS = 'Another payment for this campaign is being processed. Please refresh the page.';

type PledgeRow = CreatorFundingPledge;
type CheckoutCampaign = { id: string; name: string };

interface FundingSteps {
  /** `attempt`: `charged`/`settled` when the funding is paid already, `in_flight` while a saved card's charge is. */
  reserve(
    userId: string,
    eventId: string,
    amountCents: number,
    paymentMethodId: string | null,
  ): Promise<{ event: CheckoutCampaign; pledge: PledgeRow; attempt: string }>;
  record(pledge: PledgeRow, eventId: string, result: ChargeResult, expectedRef: string | null): Promise<string | undefined>;
}

export type CheckoutSettlement = 'charged' | 'open' | 'expired' | 'declined' | 'refunded' | 'unknown';

/**
 * The creator's funding with a new card on Stripe's hosted Checkout page (docs/product.md#7-api-calls: the API answers
 * `session.url` and the browser goes there). The session's id is kept on the pending funding
 * pledge; when Stripe's webhook reports the session complete, the payment read back from Stripe is
 * booked like a saved card's charge, under the pledge's row lock, once. At most one session of a
 * funding can be paid: an open one is expired at Stripe before another is made.
 */
export function createFundingCheckout(ctx: AppContext, steps: FundingSteps) {
  const stripe = (): StripePaymentProvider => {
    if (!isStripe(ctx.payments)) throw new AppError('CHECKOUT_UNAVAILABLE', 'Hosted checkout needs Stripe', 503);
    return ctx.payments;
  };

  const pledgeOfSession = (sessionRef: string): Promise<PledgeRow | undefined> => creatorFundingRepository.findBySession(ctx.db, sessionRef);

  /**
   * A session paid after its funding stopped waiting for it (the campaign was deleted while the
   * page was open): no pledge can take the money, so the payment goes back in full, once (the
   * refund's idempotency key is the session). A payment already booked on a pledge is left alone.
   */
  async function refundIfOrphaned(sessionRef: string): Promise<CheckoutSettlement> {
    const outcome = await stripe().checkoutOutcome(sessionRef);
    // Only a funding session of this platform's is refunded; another integration's payment is not ours to touch.
    const charge = outcome?.fundingPledgeId ? outcome.charge : null;
    if (!charge?.ok) return 'unknown';
    if (await creatorFundingRepository.isChargeBooked(ctx.db, charge.ref)) return 'unknown';
    await stripe().refund({ chargeRef: charge.ref, amountCents: charge.amountCents, idempotencyKey: `orphaned-checkout:${sessionRef}` });
    ctx.log.warn({ sessionRef, chargeRef: charge.ref }, 'a checkout paid after its funding was withdrawn was refunded in full');
    return 'refunded';
  }

  /** Books a completed session's payment (idempotent: a repeated webhook finds it booked). */
  async function settle(sessionRef: string): Promise<CheckoutSettlement> {
    const pledge = await pledgeOfSession(sessionRef);
    if (!pledge || pledge.status !== 'pending') return refundIfOrphaned(sessionRef);
    const outcome = await stripe().checkoutOutcome(sessionRef);
    if (!outcome || outcome.status === 'expired') return 'expired';
    if (!outcome.charge) return 'open';
    const recorded = await steps.record(pledge, pledge.eventId, outcome.charge, sessionRef);
    if (recorded === 'charged') notifyCampaignChanged(ctx, pledge.eventId);
    return recorded === 'charged' ? 'charged' : outcome.charge.ok ? 'unknown' : 'declined';
  }

  /** Any earlier session of this funding: booked when paid, else closed so it can no longer be paid. */
  async function retirePrevious(sessionRef: string): Promise<'charged' | 'retired'> {
    const settled = await settle(sessionRef);
    if (settled === 'charged') return 'charged';
    if (settled === 'open' && !(await stripe().expireCheckoutSession(sessionRef))) {
      // Paid between the read and the expiry.
      if ((await settle(sessionRef)) === 'charged') return 'charged';
    }
    return 'retired';
  }

  return {
    settle,
    retirePrevious,

    async start(userId: string, event: CheckoutCampaign, amountCents: number): Promise<{ pledgeId: string; url?: string }> {
      const customerRef = await createPaymentMethodsService(ctx).customerFor(userId);
      const { pledge, attempt } = await steps.reserve(userId, event.id, amountCents, null);
      if (pledge.status === 'charged' || attempt === 'settled') return { pledgeId: pledge.id };
      if (attempt === 'in_flight') throw AppError.conflict('FUNDING_IN_PROGRESS', IN_PROGRESS);
      const previous = pledge.providerChargeRef?.startsWith(CHECKOUT_REF_PREFIX) ? pledge.providerChargeRef : null;
      if (previous && (await retirePrevious(previous)) === 'charged') return { pledgeId: pledge.id };

      const pageUrl = `${ctx.config.publicUrl}/user/event/${event.id}`;
      const session = await stripe().createCheckoutSession({
        customerRef,
        amountCents,
        description: `Funding of ${event.name}`,
        successUrl: `${pageUrl}?checkout=complete`,
        // The creator can start again from there: the amount comes back with them.
        cancelUrl: `${pageUrl}?checkout=cancelled&amount=${centsToDollars(amountCents).toFixed(2)}`,
        idempotencyKey: `${chargeAttemptKey(pledge)}:checkout:${previous ?? 'first'}:${amountCents}`,
        metadata: { pledge_id: pledge.id, event_id: event.id },
      });
      // The pledge waits for this session; a concurrent request that got here first keeps its own.
      if (!(await creatorFundingRepository.attachCheckoutSession(ctx.db, pledge, session.ref))) {
        await stripe().expireCheckoutSession(session.ref);
        throw AppError.conflict('FUNDING_IN_PROGRESS', IN_PROGRESS);
      }
      return { pledgeId: pledge.id, url: session.url };
    },
  };
}
