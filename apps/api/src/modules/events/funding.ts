import { EVENT_MESSAGES, dollarsToCents, platformFeeCents, type EventPaymentRequestInput } from '@pledgeway/domain';
import { EventPaymentRequest } from '@pledgeway/domain/schemas/event-create';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, fieldsFromZod } from '../../errors.ts';
import { chargeAttemptKey } from '../charging/index.ts';
import { chargingService } from '../charging/index.ts';
import { claimIsFresh, newClaim, noClaim, releaseClaim, waitForAttempt } from '../charging/index.ts';
import { ledgerRepository } from '../ledger/index.ts';
import { fundingChargeEntries } from '../ledger/index.ts';
import { ledgerKeys } from '../ledger/index.ts';
import { notifyCampaignChanged } from '../../lib/campaign-changed.ts';
import { lifecycleEmails } from '../lifecycle/index.ts';
import { lifecycleRecords } from '../lifecycle/index.ts';
import { createPaymentMethodsService, paymentMethodRecords } from '../payment-methods/index.ts';
import { eventRecords } from '../event-records/index.ts';
import { DECLINE_MESSAGES, isStripe, type ChargeResult } from '../../providers/payments/index.ts';
import { CHECKOUT_REF_PREFIX, createFundingCheckout } from './funding-checkout.ts';
import { eventsRepository } from './repository.ts';
import { creatorFundingRepository, pledgeChargeStateRepository, type CreatorFundingPledge } from '../pledges/index.ts';

type PledgeRow = CreatorFundingPledge;

export const FUNDING_MESSAGES = {
  initiated: 'Payment initiated successfully!',
  notYours: 'Only the creator can fund this campaign',
  closed: 'The funding payment is taken only before the campaign is approved',
  testModeUnavailable: 'Test mode pays with the sandbox test card; it is not available with this payment provider',
  inProgress: 'Another payment for this campaign is being processed. Please refresh the page.',
  earlierPaymentBooked: 'Your earlier payment for this campaign went through and is now recorded; nothing more was charged.',
} as const;

type ReserveOptions = { claim: boolean; lookedUp?: number | undefined };
type Reservation = {
  event: { id: string; name: string };
  pledge: PledgeRow;
  /** `claimed`: this request alone calls the provider; `none`: nothing claimed (a checkout page pays). */
  attempt: 'claimed' | 'none' | 'charged' | 'in_flight' | 'abandoned';
};

type Card = { customerRef: string; methodRef: string; paymentMethodId: string | null };

/**
 * The creator's funding (phase 3 of creation, docs/product.md#creating-a-campaign): a real charge through the
 * provider, held in the campaign's escrow until the charge run settles it or a delete or close
 * refunds it. Test mode is the same charge on the provider's test card. A decline answers 402
 * with the provider's message and records nothing that counts (the attempt is kept as dropped).
 * The pledge row reserves the campaign's one funding: concurrent requests share its attempt, so
 * the provider's idempotency key charges at most once.
 */
export function createFunding(ctx: AppContext) {
  const { db, payments } = ctx;

  async function cardFor(userId: string, body: { test_mode: boolean; payment_method_id?: string | undefined }): Promise<Card> {
    if (body.test_mode) {
      if ((payments.name !== 'sandbox' && !ctx.config.allowTestModePayments) || !payments.testCardToken) {
        throw AppError.conflict('TEST_MODE_UNAVAILABLE', FUNDING_MESSAGES.testModeUnavailable);
      }
      const customerRef = await createPaymentMethodsService(ctx).customerFor(userId);
      const card = await payments.attachCard({ customerRef, token: await payments.testCardToken(customerRef) });
      return { customerRef, methodRef: card.ref, paymentMethodId: null };
    }
    if (!body.payment_method_id) throw AppError.validation({ paymentMethod: EVENT_MESSAGES.paymentMethodRequired });
    const method = await paymentMethodRecords.findActive(db, userId, body.payment_method_id);
    if (!method || method.provider !== payments.name) throw AppError.validation({ paymentMethod: EVENT_MESSAGES.paymentMethodRequired });
    return { customerRef: method.providerCustomerRef, methodRef: method.providerMethodRef, paymentMethodId: method.id };
  }

  /**
   * Locks the campaign and reserves its one funding pledge for this request (decision 091). Every
   * provider call gets an attempt of its own (a new key, so a changed amount or card is never sent
   * under an old key), claimed here when `claim` is set. An earlier attempt whose outcome is not
   * recorded answers `in_flight` while its claim is live and `abandoned` after, so the caller asks
   * the provider about it first; `lookedUp` is the attempt the provider said it never charged.
   */
  async function reserve(userId: string, eventId: string, amountCents: number, paymentMethodId: string | null, options: ReserveOptions) {
    const now = ctx.clock.now();
    return db.transaction(async (tx): Promise<Reservation> => {
      const event = await eventRecords.lock(tx, eventId, 'update');
      if (!event) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
      if (event.ownerId !== userId) throw AppError.forbidden(FUNDING_MESSAGES.notYours);
      if (event.status !== 'pending' && event.status !== 'rejected') throw AppError.conflict('FUNDING_CLOSED', FUNDING_MESSAGES.closed);
      const idempotencyKey = `creator-funding:${event.id}`;
      const values = { amountCents, platformFeeCents: platformFeeCents(amountCents, true), paymentMethodId, failureReason: null, failureCode: null };
      const claim = options.claim ? newClaim(now) : noClaim;
      const attempt = options.claim ? 'claimed' : 'none';
      const existing = await creatorFundingRepository.lockByIdempotencyKey(tx, idempotencyKey);
      if (!existing) {
        const row = await creatorFundingRepository.insert(tx, event.id, userId, idempotencyKey, { ...values, ...claim });
        return { event, pledge: row, attempt };
      }
      if (existing.status === 'charged') return { event, pledge: existing, attempt: 'charged' };
      if (existing.status !== 'pending' && existing.status !== 'dropped') throw AppError.conflict('FUNDING_CLOSED', FUNDING_MESSAGES.closed);
      if (existing.status === 'pending' && existing.attemptStartedAt && claimIsFresh(existing.attemptStartedAt, now)) {
        return { event, pledge: existing, attempt: 'in_flight' };
      }
      // A claimed attempt never recorded, or one made before attempts were claimed (no checkout page either).
      const unknown = existing.status === 'pending' && (existing.attemptStartedAt !== null || existing.providerChargeRef === null);
      if (unknown && options.lookedUp !== existing.retryCount) return { event, pledge: existing, attempt: 'abandoned' };
      const row = await creatorFundingRepository.retry(tx, existing, { ...values, ...claim });
      return { event, pledge: row, attempt };
    });
  }

  /** The creator's receipt, in the transaction that books the charge: it exists exactly when the charge does. */
  async function sendFundingReceipt(tx: Executor, pledge: PledgeRow, eventId: string, charge: { amountCents: number; feeCents: number }) {
    const event = await lifecycleRecords.findEvent(tx, eventId);
    const to = pledge.userId ? await lifecycleRecords.ownerEmail(tx, pledge.userId) : undefined;
    if (!event || !to) return;
    const charity = event.charityId ? await eventsRepository.charityName(tx, event.charityId) : null;
    const parts = { chargedCents: charge.amountCents, cardFeeCents: charge.feeCents, platformFeeCents: pledge.platformFeeCents, charityName: charity };
    await ctx.mailer.send(lifecycleEmails.fundingReceipt(to, { id: event.id, name: event.name }, parts), tx);
  }

  /**
   * `reserve`, with any abandoned attempt settled first: the provider is asked what it did (the
   * key alone cannot tell once the amount or card changed, or past the key's lifetime). A charge
   * found is booked (`settled`); a decline found is booked and a new attempt follows.
   */
  async function reserveSettled(userId: string, eventId: string, amountCents: number, paymentMethodId: string | null, claim: boolean) {
    let lookedUp: number | undefined;
    for (let round = 0; ; round += 1) {
      const reserved = await reserve(userId, eventId, amountCents, paymentMethodId, { claim, lookedUp });
      if (reserved.attempt !== 'abandoned' || round === 3) return reserved;
      const earlier = await payments.findCharge(chargeAttemptKey(reserved.pledge));
      if (earlier && (await record(reserved.pledge, eventId, earlier, reserved.pledge.providerChargeRef)) === 'charged') {
        notifyCampaignChanged(ctx, eventId);
        return { ...reserved, attempt: 'settled' as const };
      }
      lookedUp = reserved.pledge.retryCount;
    }
  }

  /** A concurrent duplicate's answer: the claimant's outcome once recorded, 409 while unknown. */
  async function answerOfClaimant(pledgeId: string): Promise<'charged'> {
    const row = await waitForAttempt(db, pledgeId);
    if (row?.status === 'charged') return 'charged';
    if (row?.status === 'dropped') throw new AppError('PAYMENT_DECLINED', row.failureReason ?? DECLINE_MESSAGES.card_declined, 402);
    throw AppError.conflict('FUNDING_IN_PROGRESS', FUNDING_MESSAGES.inProgress);
  }

  /**
   * Books the provider's answer under the pledge's row lock, only while the pledge is still the
   * same pending attempt (`expectedRef`: the checkout it was waiting for, or none).
   */
  async function record(pledge: PledgeRow, eventId: string, result: ChargeResult, expectedRef: string | null) {
    const now = ctx.clock.now();
    return db.transaction(async (tx) => {
      // The campaign's row first, as `reserve` takes them: the ledger row's key check on the campaign
      // would otherwise wait for a reserving request that waits for this pledge (a deadlock).
      await eventRecords.lock(tx, eventId, 'update');
      const current = await chargingService.lockPledge(tx, pledge.id);
      if (!current || current.retryCount !== pledge.retryCount || current.status !== 'pending') return current?.status;
      if ((current.providerChargeRef ?? null) !== expectedRef) return current.status;
      if (!result.ok) {
        await pledgeChargeStateRepository.update(tx, pledge.id, {
          status: 'dropped',
          failureReason: result.message,
          failureCode: result.code,
          providerChargeRef: result.ref,
          ...noClaim,
        });
        return 'dropped';
      }
      await ledgerRepository.post(tx, {
        kind: 'funding_charge',
        idempotencyKey: ledgerKeys.fundingCharge(pledge.id, pledge.retryCount),
        pledgeId: pledge.id,
        eventId,
        providerRef: result.ref,
        entries: fundingChargeEntries({ chargedCents: result.amountCents, cardFeeCents: result.feeCents, eventId }),
      });
      await pledgeChargeStateRepository.update(tx, pledge.id, {
        status: 'charged',
        chargedCents: result.amountCents,
        cardFeeCents: result.feeCents,
        providerChargeRef: result.ref,
        chargedAt: now,
        ...noClaim,
      });
      await sendFundingReceipt(tx, current, eventId, result);
      return 'charged';
    });
  }

  const checkout = createFundingCheckout(ctx, {
    reserve: (userId, eventId, amountCents, paymentMethodId) => reserveSettled(userId, eventId, amountCents, paymentMethodId, false),
    record,
  });

  return {
    /** Stripe's webhook (or the return from its page) reports a finished checkout: its funding is booked once. */
    settleCheckout: (sessionRef: string) => checkout.settle(sessionRef),

    async fund(userId: string, input: EventPaymentRequestInput) {
      const parsed = EventPaymentRequest.safeParse(input);
      if (!parsed.success) throw AppError.validation(fieldsFromZod(parsed.error));
      const body = parsed.data;
      const found = await eventRecords.findById(db, body.event_id);
      if (!found) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
      if (found.ownerId !== userId) throw AppError.forbidden(FUNDING_MESSAGES.notYours);
      const message = body.test_mode ? EVENT_MESSAGES.testPaymentProcessed : FUNDING_MESSAGES.initiated;
      const amountCents = dollarsToCents(body.amount);
      if (!body.test_mode && !body.payment_method_id && isStripe(payments)) {
        // A new card: Stripe's hosted page takes it; the webhook books the payment (docs/product.md#7-api-calls: session.url).
        const started = await checkout.start(userId, found, amountCents);
        const session = started.url ? { url: started.url } : undefined;
        return { success: true as const, message, test_mode: false, pledge_id: started.pledgeId, session };
      }
      const card = await cardFor(userId, body);
      const { event, pledge, attempt } = await reserveSettled(userId, body.event_id, amountCents, card.paymentMethodId, true);
      const answer = (text: string = message) => ({ success: true as const, message: text, test_mode: body.test_mode, pledge_id: pledge.id });
      if (attempt === 'charged') return answer();
      if (attempt === 'settled') return answer(FUNDING_MESSAGES.earlierPaymentBooked);
      if (attempt !== 'claimed') return (await answerOfClaimant(pledge.id)) && answer();

      if (pledge.providerChargeRef?.startsWith(CHECKOUT_REF_PREFIX)) {
        // A hosted checkout was started for this funding: it is settled first, so the creator never pays twice.
        if ((await checkout.retirePrevious(pledge.providerChargeRef)) === 'charged') return answer();
      }
      const result = await payments
        .charge({
          customerRef: card.customerRef,
          methodRef: card.methodRef,
          amountCents,
          idempotencyKey: chargeAttemptKey(pledge),
          description: `Funding of ${event.name}`,
        })
        .catch(async (error: unknown) => {
          // No answer: the outcome is unknown, and the next request asks the provider before paying again.
          await releaseClaim(db, pledge.id, pledge.retryCount, ctx.clock.now());
          throw error;
        });
      const recorded = await record(pledge, event.id, result, pledge.providerChargeRef);
      if (!result.ok) throw new AppError('PAYMENT_DECLINED', result.message, 402);
      if (recorded !== 'charged') throw AppError.conflict('FUNDING_IN_PROGRESS', FUNDING_MESSAGES.inProgress);
      notifyCampaignChanged(ctx, event.id);
      return { success: true as const, message, test_mode: body.test_mode, pledge_id: pledge.id };
    },
  };
}
