import {
  centsToDollars,
  formatCents,
  paymentMethodLabel,
  PLEDGE_AUTHENTICATION_MESSAGES,
  type ConfirmPledgeChargeRequest,
  type PledgeAuthentication,
} from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isSandbox, isStripe, type ChargeResult } from '../../providers/payments/index.ts';
import { waitsForBank } from '../pledges/index.ts';
import { pledgeChargeCents, recordAnswers } from './charge-pledge.ts';
import { FAILED_WINDOW_MS, type PledgeForCharge } from './record-outcomes.ts';
import { chargingRepository as repo } from './repository.ts';

/** The outcome of one confirmation, told as it is. */
export type PledgeAuthenticationOutcome = 'charged' | 'already_charged' | 'not_confirmed' | 'not_waiting';

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/**
 * The on-site confirmation of a pledge's charge the bank asked the supporter to authenticate
 * (decision 260), shaped like a month's (decision 170). The browser does the bank's check
 * (Stripe.js on the attempt's PaymentIntent, or the sandbox's screen); then the provider is asked
 * for that charge, and a charge that went through is booked by the charge job's own code
 * (`recordAnswers`: the ledger posting under `pledge-charge:{pledge}`, the receipt) under the
 * pledge's row lock. Asking the provider moves no money twice (a read, or the sandbox's one-time
 * approval), so a double click, a retried request, a webhook and the window's last retry, which
 * closes the waiting charge before it sends a new one, book the charge once.
 */
export function createPledgeAuthentication(ctx: AppContext) {
  const { db } = ctx;

  /** The supporter's own pledge with what charging it needs; 404 to anyone else. */
  async function own(userId: string, pledgeId: string): Promise<PledgeForCharge> {
    const found = await repo.pledgeForCharge(db, pledgeId);
    if (!found || found.pledge.userId !== userId) throw AppError.notFound(PLEDGE_AUTHENTICATION_MESSAGES.notFound);
    return found;
  }

  async function describe({ pledge, event, method }: PledgeForCharge): Promise<PledgeAuthentication> {
    const waiting = waitsForBank(pledge);
    const payments = ctx.payments;
    const stripe = waiting && isStripe(payments) ? await payments.paymentConfirmation(pledge.providerChargeRef!) : null;
    return {
      pledge_id: pledge.id,
      campaign: { _id: event.id, name: event.name },
      total: centsToDollars(pledgeChargeCents(pledge)),
      amount: centsToDollars(pledge.amountCents),
      tip: centsToDollars(pledge.tipCents),
      cover: centsToDollars(pledge.coverCents),
      card: method && !method.removedAt ? paymentMethodLabel(method) : null,
      status: pledge.status,
      waiting,
      failure_reason: pledge.failureReason,
      charged_at: pledge.chargedAt?.toISOString() ?? null,
      window_ends_at: pledge.status === 'failed' && pledge.failedAt ? new Date(pledge.failedAt.getTime() + FAILED_WINDOW_MS).toISOString() : null,
      provider: payments.name,
      stripe: stripe ? { client_secret: stripe.clientSecret, payment_method: stripe.methodRef, intent_status: stripe.status } : null,
    };
  }

  /** The bank's check as the provider now reports it: the sandbox's screen's choice is applied first. */
  function providerAnswer(ref: string, input: ConfirmPledgeChargeRequest): Promise<ChargeResult> {
    const payments = ctx.payments;
    if (isSandbox(payments)) return payments.authenticateCharge(ref, input.sandbox_outcome ?? 'fail');
    return payments.retrieveCharge(ref);
  }

  /**
   * Books a charge that went through as the answer of the pledge's attempt read in `found`, under
   * the pledge's row lock: `skipped` when it was booked already or another attempt began (which
   * found and booked this charge when it closed it).
   */
  async function book(found: PledgeForCharge, answer: ChargeResult & { ok: true }) {
    const result = (await recordAnswers(ctx, [{ found, result: answer }])).get(found.pledge.id)!;
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  }

  function message(outcome: PledgeAuthenticationOutcome, found: PledgeForCharge) {
    const values = { amount: formatCents(found.pledge.chargedCents ?? pledgeChargeCents(found.pledge)), campaign: found.event.name };
    if (outcome === 'charged') return fill(PLEDGE_AUTHENTICATION_MESSAGES.charged, values);
    if (outcome === 'already_charged') return fill(PLEDGE_AUTHENTICATION_MESSAGES.alreadyCharged, values);
    if (outcome === 'not_confirmed') return PLEDGE_AUTHENTICATION_MESSAGES.notConfirmed;
    return PLEDGE_AUTHENTICATION_MESSAGES.notWaiting;
  }

  async function confirmOwn(found: PledgeForCharge, input: ConfirmPledgeChargeRequest): Promise<PledgeAuthenticationOutcome> {
    const { pledge } = found;
    if (pledge.status === 'charged') return 'already_charged';
    if (!waitsForBank(pledge)) return 'not_waiting';
    const answer = await providerAnswer(pledge.providerChargeRef!, input);
    // Still waiting, or the bank refused: nothing moved, and nothing is written (the window goes on).
    if (!answer.ok) return 'not_confirmed';
    if ((await book(found, answer)) === 'charged') return 'charged';
    const after = await repo.pledgeForCharge(db, pledge.id);
    return after?.pledge.status === 'charged' ? 'already_charged' : 'not_waiting';
  }

  return {
    /** What is to be paid, and (with Stripe, while the charge waits) what Stripe.js needs to confirm it. */
    async view(userId: string, pledgeId: string): Promise<PledgeAuthentication> {
      return describe(await own(userId, pledgeId));
    },

    async confirm(userId: string, pledgeId: string, input: ConfirmPledgeChargeRequest) {
      const found = await own(userId, pledgeId);
      if (isSandbox(ctx.payments) && !input.sandbox_outcome) throw AppError.validation({ sandbox_outcome: 'Choose approve or fail' });
      const outcome = await confirmOwn(found, input);
      const after = await own(userId, pledgeId);
      return { outcome, message: message(outcome, after), authentication: await describe(after) };
    },

    /**
     * The provider reported a charge succeeded (Stripe's `payment_intent.succeeded`): if it is a
     * failed pledge's charge that waited for its supporter's bank (their tab closed before the
     * page's confirm arrived), it is booked now, read back from the provider, once.
     */
    async bookConfirmedCharge(ref: string): Promise<'charged' | 'skipped'> {
      const found = await repo.failedPledgeByChargeRef(db, ref);
      if (!found || !waitsForBank(found.pledge)) return 'skipped';
      const answer = await ctx.payments.retrieveCharge(ref);
      if (!answer.ok) return 'skipped';
      return (await book(found, answer)) === 'charged' ? 'charged' : 'skipped';
    },
  };
}
