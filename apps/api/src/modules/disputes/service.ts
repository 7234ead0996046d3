import { centsToDollars, DISPUTE_MESSAGES, shareOfCents, type AdminDisputeRow } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { isSandbox, type PaymentEventFacts } from '../../providers/payments/index.ts';
import { auditRepository } from '../audit/index.ts';
import { CHARITY_TRANSFERS_QUEUE, connectRecords } from '../charity-connect/index.ts';
import { donationRecords } from '../donations/index.ts';
import { disputeOpenedEntries, disputeShares, disputeWonEntries } from '../ledger/index.ts';
import { ledgerRepository } from '../ledger/index.ts';
import { ledgerKeys } from '../ledger/index.ts';
import { notifyCampaignChanged } from '../../lib/campaign-changed.ts';
import { monthlyGiftRecords } from '../monthly-giving/index.ts';
import { donationDisputed, monthlyDisputed, pledgeDisputed, type Disputed } from './disputed.ts';
import { disputeEmails } from './emails.ts';
import { disputesRepository as repo, type DisputeRow } from './repository.ts';
import { pledgeStatusRepository } from '../pledges/index.ts';

/**
 * What a provider's dispute event did: booked it, found it booked already, found no charge of
 * ours (yet: the sandbox delivers again until the charge is booked), or had nothing to book (an
 * inquiry, which moves no money, or a charge no longer charged).
 */
export type DisputeOutcome = 'opened' | 'won' | 'lost' | 'duplicate' | 'unmatched' | 'ignored';

type Facts = PaymentEventFacts & { dispute: NonNullable<PaymentEventFacts['dispute']> };
const refsOf = (facts: Facts) => [facts.dispute.chargeRef, ...(facts.paymentIntentRef ? [facts.paymentIntentRef] : [])];

function newsOf(disputed: Disputed, dispute: DisputeRow) {
  return {
    campaign: { name: disputed.name },
    pledge: disputed.pledgeId !== null,
    amountCents: dispute.amountCents,
    feeCents: dispute.feeCents,
    charityShareCents: dispute.charityShareCents,
  };
}

/** Disputes (chargebacks) of charged pledges and donations, booked as decision 093 says; the admin console lists them. */
export function createDisputesService(ctx: AppContext) {
  const { db } = ctx;
  const provider = ctx.payments.name;

  async function tell(tx: Executor, disputed: Disputed, dispute: DisputeRow, outcome: 'opened' | 'won' | 'lost') {
    const news = newsOf(disputed, dispute);
    const admins = await repo.adminEmails(tx);
    if (outcome === 'opened') {
      if (disputed.creatorEmail) await ctx.mailer.send(disputeEmails.openedToCreator(disputed.creatorEmail, news), tx);
      for (const admin of admins) await ctx.mailer.send(disputeEmails.openedToAdmin(admin, news, ctx.config.publicUrl), tx);
      return;
    }
    if (disputed.creatorEmail) await ctx.mailer.send(disputeEmails.closed(disputed.creatorEmail, news, outcome, false), tx);
    for (const admin of admins) await ctx.mailer.send(disputeEmails.closed(admin, news, outcome, true), tx);
  }

  /** Books a dispute once, under the pledge's or donation's row lock and then the charity's (the lock a payout takes). */
  async function open(tx: Executor, disputed: Disputed, facts: Facts): Promise<DisputeRow | 'duplicate' | 'ignored'> {
    if (await repo.find(tx, provider, facts.objectRef)) return 'duplicate';
    if (!disputed.charged) {
      ctx.log.warn(
        { pledgeId: disputed.pledgeId, donationId: disputed.donationId, dispute: facts.objectRef },
        'dispute on a charge that is not charged: not booked',
      );
      return 'ignored';
    }
    if (disputed.charityId) await repo.lockCharity(tx, disputed.charityId);
    const chargedCents = disputed.settled.totalCents;
    const settled = { ...disputed.settled, netToCharityCents: await disputed.creditedCents(tx) };
    const disputedCents = Math.min(facts.amountCents ?? chargedCents, chargedCents);
    // What a transfer to the charity's connected account already carried is reversed, back into
    // its payable, so the dispute takes the charity's part from there (decision 130).
    // A monthly gift's month is paid out by the payouts, never transferred per charge: nothing to reverse.
    const reversals = disputed.monthlyChargeId
      ? []
      : await connectRecords.reversalsFor(
          tx,
          { pledgeId: disputed.pledgeId, donationId: disputed.donationId },
          shareOfCents(settled.netToCharityCents, disputedCents, settled.totalCents),
        );
    const booking = {
      eventId: disputed.eventId,
      charityId: disputed.charityId,
      settled,
      disputedCents,
      feeCents: facts.dispute.feeCents,
      charityUnpaidCents: (await repo.charityPayableCents(tx, disputed.charityId)) + reversals.reduce((sum, reversal) => sum + reversal.amountCents, 0),
    };
    const shares = disputeShares(booking);
    const posted = await ledgerRepository.post(tx, {
      kind: 'dispute_opened',
      idempotencyKey: ledgerKeys.disputeOpened(provider, facts.objectRef),
      pledgeId: disputed.pledgeId,
      eventId: disputed.eventId,
      providerRef: facts.objectRef,
      memo: {
        charge_ref: facts.dispute.chargeRef,
        reason: facts.dispute.reason,
        ...(disputed.donationId ? { donationId: disputed.donationId } : {}),
        ...(disputed.monthlyChargeId ? { monthlyChargeId: disputed.monthlyChargeId } : {}),
      },
      entries: disputeOpenedEntries(booking),
    });
    const row = await repo.insert(tx, {
      provider,
      providerDisputeRef: facts.objectRef,
      chargeRef: facts.dispute.chargeRef,
      pledgeId: disputed.pledgeId,
      donationId: disputed.donationId,
      monthlyChargeId: disputed.monthlyChargeId,
      eventId: disputed.eventId,
      reason: facts.dispute.reason,
      amountCents: booking.disputedCents,
      feeCents: booking.feeCents,
      charityShareCents: shares.charityShareCents,
      platformShareCents: booking.disputedCents + booking.feeCents - shares.charityShareCents,
      openedTransactionId: posted.id,
    });
    if (!row) return 'duplicate';
    await connectRecords.addReversals(tx, { id: row.id, provider, ref: facts.objectRef }, reversals);
    if (disputed.pledgeId) await pledgeStatusRepository.setDisputeStatus(tx, disputed.pledgeId, 'disputed');
    await tell(tx, disputed, row, 'opened');
    return row;
  }

  /** Ends an open dispute: won reverses its opening exactly, lost keeps it for good (no money moves). */
  async function close(tx: Executor, disputed: Disputed, dispute: DisputeRow, outcome: 'won' | 'lost'): Promise<boolean> {
    const closed = await repo.close(tx, dispute.id, outcome, ctx.clock.now());
    if (!closed) return false;
    if (outcome === 'won') {
      await ledgerRepository.post(tx, {
        kind: 'dispute_won',
        idempotencyKey: ledgerKeys.disputeWon(provider, dispute.providerDisputeRef),
        pledgeId: dispute.pledgeId,
        eventId: dispute.eventId,
        providerRef: dispute.providerDisputeRef,
        entries: disputeWonEntries(await repo.entriesOf(tx, dispute.openedTransactionId)),
      });
      await connectRecords.transferAgainAfterWin(tx, dispute.id);
    }
    if (dispute.pledgeId) await pledgeStatusRepository.setDisputeStatus(tx, dispute.pledgeId, outcome === 'won' ? 'charged' : 'dispute_lost');
    await tell(tx, disputed, closed, outcome);
    return true;
  }

  /** The pledge, or else the donation, or else the monthly gift's month, whose charge the provider's dispute names, locked. */
  async function lockDisputed(tx: Executor, facts: Facts): Promise<Disputed | undefined> {
    const pledge = await repo.lockPledgeByCharge(tx, refsOf(facts));
    if (pledge) return pledgeDisputed(pledge);
    const donation = await donationRecords.lockByCharge(tx, refsOf(facts));
    if (donation) return donationDisputed(donation);
    const month = await monthlyGiftRecords.lockChargedMonthByRef(tx, refsOf(facts));
    return month ? monthlyDisputed(month) : undefined;
  }

  /** The console's rows: a pledge's with its campaign, a donation's with what the donations module says of it. */
  async function adminRows(rows: ListedRow[]): Promise<AdminDisputeRow[]> {
    const donationIds = rows.flatMap((row) => (row.dispute.donationId ? [row.dispute.donationId] : []));
    const donations = new Map((await donationRecords.summaries(db, donationIds)).map((donation) => [donation.id, donation]));
    const monthIds = rows.flatMap((row) => (row.dispute.monthlyChargeId ? [row.dispute.monthlyChargeId] : []));
    const months = new Map((await monthlyGiftRecords.monthSummaries(db, monthIds)).map((month) => [month.id, month]));
    return rows.map((row) =>
      toAdminRow(
        row,
        row.dispute.donationId ? donations.get(row.dispute.donationId) : undefined,
        row.dispute.monthlyChargeId ? months.get(row.dispute.monthlyChargeId) : undefined,
      ),
    );
  }

  return {
    /** A provider's `charge.dispute.created` or `.closed`, from Stripe's webhook or the sandbox; any order, any repeat. */
    async onProviderDispute(facts: PaymentEventFacts): Promise<DisputeOutcome> {
      if (!facts.dispute || facts.dispute.status.startsWith('warning_')) return 'ignored';
      const disputeFacts = facts as Facts;
      const status = facts.dispute.status;
      const outcome = await db.transaction(async (tx): Promise<{ result: DisputeOutcome; eventId?: string }> => {
        const disputed = await lockDisputed(tx, disputeFacts);
        if (!disputed) return { result: 'unmatched' };
        const eventId = disputed.eventId ?? undefined;
        // A closing reported before (or without) its opening books the opening first.
        const opened = await open(tx, disputed, disputeFacts);
        if (opened === 'ignored') return { result: 'ignored' };
        const created = opened === 'duplicate' ? undefined : opened;
        if (facts.type === 'charge.dispute.created') return { result: created ? 'opened' : 'duplicate', eventId };
        if (status !== 'won' && status !== 'lost') return { result: created ? 'opened' : 'ignored', eventId };
        const dispute = created ?? (await repo.find(tx, provider, facts.objectRef))!;
        return { result: (await close(tx, disputed, dispute, status)) ? status : 'duplicate', eventId };
      });
      if (outcome.eventId && outcome.result !== 'duplicate') notifyCampaignChanged(ctx, outcome.eventId);
      // A reversal, or a transfer made again after a win, is sent by the transfers job: at once.
      if (outcome.result === 'opened' || outcome.result === 'won') ctx.jobs.enqueue(CHARITY_TRANSFERS_QUEUE, {});
      return outcome.result;
    },

    /** Every dispute for the admin console, newest first. */
    async list(): Promise<{ items: AdminDisputeRow[]; open_count: number; sandbox: boolean }> {
      const items = await adminRows(await repo.list(db));
      return { items, open_count: items.filter((item) => item.status === 'open').length, sandbox: isSandbox(ctx.payments) };
    },

    async get(id: string): Promise<AdminDisputeRow> {
      const [row] = await adminRows(await repo.list(db, id));
      if (!row) throw AppError.notFound(DISPUTE_MESSAGES.notFound);
      return row;
    },

    /**
     * The sandbox's donor bank disputes a charged pledge's charge, for all of it or `amountCents`
     * (tests and demos: a dispute after the charge's transfer reverses the charity's part). The
     * sandbox writes its `charge.dispute.created` event; the caller delivers it. Answers the
     * provider's dispute reference.
     */
    async openInSandbox(auth: AuthInfo, pledgeId: string, amountCents: number | null): Promise<string> {
      if (!isSandbox(ctx.payments)) throw AppError.conflict('DISPUTE_NOT_SANDBOX', DISPUTE_MESSAGES.sandboxOnly);
      const pledge = await repo.pledgeCharge(db, pledgeId);
      if (!pledge) throw AppError.notFound(DISPUTE_MESSAGES.pledgeNotFound);
      if (pledge.status === 'disputed' || pledge.status === 'dispute_lost') throw AppError.conflict('DISPUTE_EXISTS', DISPUTE_MESSAGES.sandboxAlreadyDisputed);
      if (pledge.status !== 'charged' || !pledge.chargeRef) throw AppError.conflict('PLEDGE_NOT_CHARGED', DISPUTE_MESSAGES.sandboxNotCharged);
      const disputeRef = await ctx.payments.disputes.openOn(pledge.chargeRef, amountCents ?? undefined);
      // The sandbox disputes a charge once (a dispute won earlier leaves the pledge charged).
      if (!disputeRef) throw AppError.conflict('DISPUTE_EXISTS', DISPUTE_MESSAGES.sandboxAlreadyDisputed);
      await auditRepository.record(db, {
        actorId: auth.userId,
        action: 'dispute.sandbox_opened',
        targetType: 'pledge',
        targetId: pledgeId,
        after: { provider_ref: disputeRef, charge_ref: pledge.chargeRef, amount_cents: amountCents ?? pledge.chargedCents },
      });
      return disputeRef;
    },

    /** A dispute by the provider's reference, as the console lists it. */
    async getByProviderRef(providerRef: string): Promise<AdminDisputeRow> {
      const row = await repo.find(db, provider, providerRef);
      const [listed] = row ? await adminRows(await repo.list(db, row.id)) : [];
      if (!listed) throw AppError.notFound(DISPUTE_MESSAGES.notFound);
      return listed;
    },

    /**
     * The sandbox's card network decides an open dispute (tests and demos): the sandbox writes its
     * `charge.dispute.closed` event, which reaches the app by the same delivery as any other.
     */
    async decideInSandbox(auth: AuthInfo, id: string, outcome: 'won' | 'lost'): Promise<void> {
      if (!isSandbox(ctx.payments)) throw AppError.conflict('DISPUTE_NOT_SANDBOX', DISPUTE_MESSAGES.sandboxOnly);
      const dispute = await repo.byId(db, id);
      if (!dispute) throw AppError.notFound(DISPUTE_MESSAGES.notFound);
      if (dispute.status !== 'open' || !(await ctx.payments.disputes.close(dispute.providerDisputeRef, outcome))) {
        throw AppError.conflict('DISPUTE_CLOSED', DISPUTE_MESSAGES.alreadyClosed);
      }
      await auditRepository.record(db, {
        actorId: auth.userId,
        action: `dispute.sandbox_${outcome}`,
        targetType: 'dispute',
        targetId: id,
        after: { provider_ref: dispute.providerDisputeRef, outcome },
      });
    },
  };
}

type ListedRow = Awaited<ReturnType<typeof repo.list>>[number];
type DonationSummary = Awaited<ReturnType<typeof donationRecords.summaries>>[number];
type MonthSummary = Awaited<ReturnType<typeof monthlyGiftRecords.monthSummaries>>[number];

function toAdminRow(row: ListedRow, donation: DonationSummary | undefined, month: MonthSummary | undefined): AdminDisputeRow {
  const { dispute } = row;
  return {
    _id: dispute.id,
    provider_ref: dispute.providerDisputeRef,
    status: dispute.status,
    reason: dispute.reason,
    amount: centsToDollars(dispute.amountCents),
    fee: centsToDollars(dispute.feeCents),
    charity_share: centsToDollars(dispute.charityShareCents),
    platform_share: centsToDollars(dispute.platformShareCents),
    opened_at: dispute.createdAt.toISOString(),
    closed_at: dispute.closedAt?.toISOString() ?? null,
    pledge: row.pledge ? { _id: row.pledge.id, amount: centsToDollars(row.pledge.amountCents), charged: centsToDollars(row.pledge.chargedCents ?? 0) } : null,
    campaign: row.event ? { _id: row.event.id, name: row.event.name } : null,
    donation: donation ? { _id: donation.id, amount: centsToDollars(donation.amountCents) } : null,
    monthly_gift: month ? { _id: month.giftId, period: month.period, amount: centsToDollars(month.amountCents + month.tipCents) } : null,
    donor: month ? (month.donorEmail ? { name: month.donorName ?? '', email: month.donorEmail } : null) : donorOf(row, donation),
    charity_name: donation?.charityName ?? month?.charityName ?? row.charityName,
  };
}

/** The pledge's supporter (null once their account is gone), or the name and address given with a donation. */
function donorOf(row: ListedRow, donation: DonationSummary | undefined): AdminDisputeRow['donor'] {
  if (donation) return { name: donation.fullName, email: donation.email };
  return row.donor?.email ? { name: row.donor.name, email: row.donor.email } : null;
}

/** What other modules read of disputes: a donation's money moved back and forth (giving statements), a charge run's open ones. */
export const disputeRecords = {
  withCampaign: repo.withCampaign,
  forCharity: repo.forCharity,
  donationReturns: repo.donationReturns,
  openCountForRun: repo.openCountForRun,
};
