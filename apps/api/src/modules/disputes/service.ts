import { centsToDollars, DISPUTE_MESSAGES, settlePledge, type AdminDisputeRow } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { isSandbox, type PaymentEventFacts } from '../../providers/payments/index.ts';
import { auditRepository } from '../audit/repository.ts';
import { disputeOpenedEntries, disputeShares, disputeWonEntries } from '../ledger/postings.ts';
import { ledgerRepository } from '../ledger/repository.ts';
import { notifyCampaignChanged } from '../lifecycle/notify.ts';
import { pledgeRecords } from '../pledges/service.ts';
import { disputeEmails } from './emails.ts';
import { disputesRepository as repo, type DisputeRow } from './repository.ts';

/**
 * What a provider's dispute event did: booked it, found it booked already, found no charge of
 * ours (yet: the sandbox delivers again until the charge is booked), or had nothing to book (an
 * inquiry, which moves no money, or a charge no longer charged).
 */
export type DisputeOutcome = 'opened' | 'won' | 'lost' | 'duplicate' | 'unmatched' | 'ignored';

type Facts = PaymentEventFacts & { dispute: NonNullable<PaymentEventFacts['dispute']> };
type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockPledgeByCharge>>>;

const refsOf = (facts: Facts) => [facts.dispute.chargeRef, ...(facts.paymentIntentRef ? [facts.paymentIntentRef] : [])];

function newsOf(found: Locked, dispute: DisputeRow) {
  return { campaign: found.event, amountCents: dispute.amountCents, feeCents: dispute.feeCents, charityShareCents: dispute.charityShareCents };
}

/** Disputes (chargebacks) of charged pledges, booked as decision 093 says; the admin console lists them. */
export function createDisputesService(ctx: AppContext) {
  const { db } = ctx;
  const provider = ctx.payments.name;

  async function tell(tx: Executor, found: Locked, dispute: DisputeRow, outcome: 'opened' | 'won' | 'lost') {
    const news = newsOf(found, dispute);
    const admins = await repo.adminEmails(tx);
    if (outcome === 'opened') {
      await ctx.mailer.send(disputeEmails.openedToCreator(found.creator.email, news), tx);
      for (const admin of admins) await ctx.mailer.send(disputeEmails.openedToAdmin(admin, news, ctx.config.publicUrl), tx);
      return;
    }
    await ctx.mailer.send(disputeEmails.closed(found.creator.email, news, outcome, false), tx);
    for (const admin of admins) await ctx.mailer.send(disputeEmails.closed(admin, news, outcome, true), tx);
  }

  /** Books a dispute once, under the pledge's row lock and then the charity's (the lock a payout takes). */
  async function open(tx: Executor, found: Locked, facts: Facts): Promise<DisputeRow | 'duplicate' | 'ignored'> {
    if (await repo.find(tx, provider, facts.objectRef)) return 'duplicate';
    const { pledge, event } = found;
    if (pledge.status !== 'charged' || pledge.chargedCents === null) {
      ctx.log.warn({ pledgeId: pledge.id, dispute: facts.objectRef, status: pledge.status }, 'dispute on a pledge that is not charged: not booked');
      return 'ignored';
    }
    if (event.charityId) await repo.lockCharity(tx, event.charityId);
    const settled = settlePledge({
      amountCents: pledge.amountCents,
      tipCents: pledge.tipCents,
      platformFeeCents: pledge.platformFeeCents,
      coverCents: pledge.coverCents,
      chargedCents: pledge.chargedCents,
      cardFeeCents: pledge.cardFeeCents ?? 0,
    });
    const booking = {
      eventId: event.id,
      charityId: event.charityId,
      settled: { ...settled, netToCharityCents: await repo.creditedToCharityCents(tx, pledge.id) },
      disputedCents: Math.min(facts.amountCents ?? pledge.chargedCents, pledge.chargedCents),
      feeCents: facts.dispute.feeCents,
      charityUnpaidCents: await repo.charityPayableCents(tx, event.charityId),
    };
    const shares = disputeShares(booking);
    const posted = await ledgerRepository.post(tx, {
      kind: 'dispute_opened',
      idempotencyKey: `dispute-opened:${provider}:${facts.objectRef}`,
      pledgeId: pledge.id,
      eventId: event.id,
      providerRef: facts.objectRef,
      memo: { charge_ref: facts.dispute.chargeRef, reason: facts.dispute.reason },
      entries: disputeOpenedEntries(booking),
    });
    const row = await repo.insert(tx, {
      provider,
      providerDisputeRef: facts.objectRef,
      chargeRef: facts.dispute.chargeRef,
      pledgeId: pledge.id,
      eventId: event.id,
      reason: facts.dispute.reason,
      amountCents: booking.disputedCents,
      feeCents: booking.feeCents,
      charityShareCents: shares.charityShareCents,
      platformShareCents: booking.disputedCents + booking.feeCents - shares.charityShareCents,
      openedTransactionId: posted.id,
    });
    if (!row) return 'duplicate';
    await pledgeRecords.setDisputeStatus(tx, pledge.id, 'disputed');
    await tell(tx, found, row, 'opened');
    return row;
  }

  /** Ends an open dispute: won reverses its opening exactly, lost keeps it for good (no money moves). */
  async function close(tx: Executor, found: Locked, dispute: DisputeRow, outcome: 'won' | 'lost'): Promise<boolean> {
    const closed = await repo.close(tx, dispute.id, outcome, ctx.clock.now());
    if (!closed) return false;
    if (outcome === 'won') {
      await ledgerRepository.post(tx, {
        kind: 'dispute_won',
        idempotencyKey: `dispute-won:${provider}:${dispute.providerDisputeRef}`,
        pledgeId: dispute.pledgeId,
        eventId: dispute.eventId,
        providerRef: dispute.providerDisputeRef,
        entries: disputeWonEntries(await repo.entriesOf(tx, dispute.openedTransactionId)),
      });
    }
    await pledgeRecords.setDisputeStatus(tx, dispute.pledgeId, outcome === 'won' ? 'charged' : 'dispute_lost');
    await tell(tx, found, closed, outcome);
    return true;
  }

  return {
    /** A provider's `charge.dispute.created` or `.closed`, from Stripe's webhook or the sandbox; any order, any repeat. */
    async onProviderDispute(facts: PaymentEventFacts): Promise<DisputeOutcome> {
      if (!facts.dispute || facts.dispute.status.startsWith('warning_')) return 'ignored';
      const disputeFacts = facts as Facts;
      const status = facts.dispute.status;
      const outcome = await db.transaction(async (tx): Promise<{ result: DisputeOutcome; eventId?: string }> => {
        const found = await repo.lockPledgeByCharge(tx, refsOf(disputeFacts));
        if (!found) return { result: 'unmatched' };
        // A closing reported before (or without) its opening books the opening first.
        const opened = await open(tx, found, disputeFacts);
        if (opened === 'ignored') return { result: 'ignored' };
        const created = opened === 'duplicate' ? undefined : opened;
        if (facts.type === 'charge.dispute.created') return { result: created ? 'opened' : 'duplicate', eventId: found.event.id };
        if (status !== 'won' && status !== 'lost') return { result: created ? 'opened' : 'ignored', eventId: found.event.id };
        const dispute = created ?? (await repo.find(tx, provider, facts.objectRef))!;
        return { result: (await close(tx, found, dispute, status)) ? status : 'duplicate', eventId: found.event.id };
      });
      if (outcome.eventId && outcome.result !== 'duplicate') notifyCampaignChanged(ctx, outcome.eventId);
      return outcome.result;
    },

    /** Every dispute for the admin console, newest first. */
    async list(): Promise<{ items: AdminDisputeRow[]; open_count: number; sandbox: boolean }> {
      const items = (await repo.list(db)).map(toAdminRow);
      return { items, open_count: items.filter((item) => item.status === 'open').length, sandbox: isSandbox(ctx.payments) };
    },

    async get(id: string): Promise<AdminDisputeRow> {
      const [row] = await repo.list(db, id);
      if (!row) throw AppError.notFound(DISPUTE_MESSAGES.notFound);
      return toAdminRow(row);
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

function toAdminRow(row: Awaited<ReturnType<typeof repo.list>>[number]): AdminDisputeRow {
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
    pledge: { _id: row.pledge.id, amount: centsToDollars(row.pledge.amountCents), charged: centsToDollars(row.pledge.chargedCents ?? 0) },
    donor: row.donor?.email ? { name: row.donor.name, email: row.donor.email } : null,
    campaign: { _id: row.event.id, name: row.event.name },
    charity_name: row.charityName,
  };
}
