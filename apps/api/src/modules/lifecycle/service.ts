import { canDeleteEvent, LIFECYCLE_MESSAGES, MY_EVENTS_MESSAGES, allowedTransitions, statusBadge, type EventStatus } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { auditRepository } from '../audit/index.ts';
import { assertCanManage } from '../event-reads/index.ts';
import type { CampaignRow } from '../event-records/index.ts';
import { eventRecords, type NewEvent } from '../event-records/index.ts';
import { participantRecords } from '../participants/index.ts';
import { lifecycleEmails } from './emails.ts';
import { notifyCampaignChanged } from '../../lib/campaign-changed.ts';
import { releasePledgesWithin } from './release.ts';
import { lifecycleRepository as repo } from './repository.ts';

/** Other modules (the charge run) release a campaign's pledges, and tell its supporters, through this. */
export { releasePledgesWithin };

/** Queue of the creator's funding refunds (delete, close, missed all-or-nothing target). */
export const REFUND_FUNDING_QUEUE = 'refund-creator-funding';
export type RefundReason = 'delete' | 'close' | 'release';

const EDIT_FORM_REJECTION = 'The campaign was not approved as it stands. Please review it and submit it again.';

export type LifecycleAction = 'approve' | 'reject' | 'freeze' | 'unfreeze' | 'complete' | 'close' | 'edit';

const ADMIN_ONLY: readonly LifecycleAction[] = ['approve', 'reject', 'freeze', 'unfreeze'];
/** The status an action starts from (the edit form may start from any the table allows). */
const FROM: Partial<Record<LifecycleAction, EventStatus>> = { approve: 'pending', reject: 'pending', freeze: 'approved', unfreeze: 'freeze' };
const PAST_TENSE: Record<LifecycleAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  freeze: 'frozen',
  unfreeze: 'unfrozen',
  complete: 'marked complete',
  close: 'closed',
  edit: 'changed',
};

export interface ChangeRequest {
  eventId: string;
  auth: AuthInfo | null;
  action: LifecycleAction;
  /** The new status; derived from the action except for the edit form's select. */
  to?: EventStatus;
  reason?: string;
}

/** What must happen once the transaction committed (jobs, live pages); never inside it. */
export type AfterCommit = () => void;

function targetOf(action: LifecycleAction, row: CampaignRow, to: EventStatus | undefined): EventStatus {
  switch (action) {
    case 'approve':
      return 'approved';
    case 'reject':
      return 'rejected';
    case 'freeze':
      return 'freeze';
    case 'unfreeze':
      return (row.statusBeforeFreeze as EventStatus | null) ?? 'approved';
    case 'complete':
      return 'completed';
    case 'close':
      return 'close';
    case 'edit':
      return to ?? row.status;
  }
}

/**
 * The one place a campaign's status changes (docs/product.md#campaign-life-cycle): the row is locked, the
 * transition table decides, the change and its effects (e-mails in the outbox, released pledges,
 * the audit row) are written in one transaction, and jobs start after it committed.
 */
export function createLifecycleService(ctx: AppContext) {
  const { db } = ctx;

  function refuse(row: CampaignRow, action: LifecycleAction, to: EventStatus): never {
    const message =
      action === 'edit'
        ? `A campaign cannot be changed from ${statusBadge(row.status).label} to ${statusBadge(to).label}`
        : `This campaign is ${statusBadge(row.status).label}: it cannot be ${PAST_TENSE[action]}`;
    throw AppError.conflict('STATUS_TRANSITION_NOT_ALLOWED', message);
  }

  /** Writes one status change inside the caller's transaction; returns what to do after commit. */
  async function changeWithin(tx: Executor, request: ChangeRequest): Promise<{ row: CampaignRow; after: AfterCommit }> {
    if (!request.auth) throw AppError.unauthenticated();
    if (ADMIN_ONLY.includes(request.action) && request.auth.role !== 'admin') throw AppError.forbidden('Only an admin can do this');
    const row = await eventRecords.lock(tx, request.eventId, 'update');
    if (!row) throw AppError.notFound('Event not found');
    const actor = assertCanManage(row, request.auth);
    const to = targetOf(request.action, row, request.to);
    const from = FROM[request.action];
    if ((from && row.status !== from) || to === row.status || !allowedTransitions(row.status, actor).includes(to)) refuse(row, request.action, to);

    const now = ctx.clock.now();
    const values: Partial<NewEvent> = { status: to };
    const afterSteps: AfterCommit[] = [() => notifyCampaignChanged(ctx, row.id)];
    const ownerEmail = await repo.ownerEmail(tx, row.ownerId);
    const campaign = { id: row.id, name: row.name };
    switch (to) {
      case 'approved':
        if (row.status === 'freeze') values.statusBeforeFreeze = null;
        else {
          Object.assign(values, { approvedAt: now, rejectionReason: null });
          if (ownerEmail) await ctx.mailer.send(lifecycleEmails.approved(ownerEmail, campaign, ctx.config.publicUrl), tx);
        }
        break;
      case 'rejected': {
        // The edit form's status select has no reason field: its rejection says so plainly.
        const reason = (request.reason ?? '').trim() || (request.action === 'edit' ? EDIT_FORM_REJECTION : '');
        if (!reason) throw AppError.validation({ reason: LIFECYCLE_MESSAGES.reasonRequired });
        values.rejectionReason = reason;
        if (ownerEmail) await ctx.mailer.send(lifecycleEmails.rejected(ownerEmail, campaign, reason, ctx.config.publicUrl), tx);
        break;
      }
      case 'freeze':
        values.statusBeforeFreeze = row.status;
        break;
      case 'pending':
        values.rejectionReason = null;
        break;
      case 'completed':
        Object.assign(values, { completedAt: now, endedAt: now });
        if (ownerEmail) await ctx.mailer.send(lifecycleEmails.completed(ownerEmail, campaign), tx);
        break;
      case 'close': {
        values.endedAt = now;
        await releasePledgesWithin(ctx, tx, campaign, 'close');
        const funding = await repo.creatorPledge(tx, row.id);
        if (funding?.status === 'charged') afterSteps.push(() => queueFundingRefund(funding.id, 'close'));
        break;
      }
      default:
        break;
    }
    const updated = await eventRecords.update(tx, row.id, values);
    if (actor === 'admin') {
      await auditRepository.record(tx, {
        actorId: request.auth.userId,
        action: `event.${request.action === 'edit' ? `status.${to}` : request.action}`,
        targetType: 'event',
        targetId: row.id,
        reason: request.reason ?? '',
        before: { status: row.status },
        after: { status: to },
      });
    }
    return { row: updated, after: () => afterSteps.forEach((step) => step()) };
  }

  function queueFundingRefund(pledgeId: string, reason: RefundReason) {
    ctx.jobs.enqueue(REFUND_FUNDING_QUEUE, { pledgeId, reason });
  }

  return {
    changeWithin,
    queueFundingRefund,

    async change(request: ChangeRequest): Promise<CampaignRow> {
      const { row, after } = await db.transaction((tx) => changeWithin(tx, request));
      after();
      return row;
    },

    /**
     * Delete before approval (docs/product.md#campaign-life-cycle): pledges released, the creator's funding
     * refunded in full less the card fee, content removed; a campaign with money history keeps
     * its row as `cancelled` so the books stay whole.
     */
    async deleteBeforeApproval(auth: AuthInfo, eventId: string): Promise<{ releasedPledges: number }> {
      let refundPledgeId: string | undefined;
      const result = await db.transaction(async (tx) => {
        const event = await eventRecords.lock(tx, eventId, 'update');
        if (!event) throw AppError.notFound('Event not found');
        if (event.ownerId !== auth.userId && auth.role !== 'admin') throw AppError.forbidden('You can only delete your own events');
        if (!canDeleteEvent(event.status)) throw AppError.conflict('EVENT_NOT_DELETABLE', MY_EVENTS_MESSAGES.notDeletable);
        const releasedPledges = await releasePledgesWithin(ctx, tx, { id: event.id, name: event.name }, 'delete');
        const funding = await repo.creatorPledge(tx, eventId);
        if (funding?.status === 'charged') refundPledgeId = funding.id;
        await participantRecords.deleteAllOf(tx, eventId);
        await eventRecords.deleteDocumentsOf(tx, eventId);
        if (await repo.hasMoneyHistory(tx, eventId)) {
          await eventRecords.update(tx, eventId, { status: 'cancelled', endedAt: ctx.clock.now() });
        } else await eventRecords.delete(tx, eventId);
        if (auth.role === 'admin' && event.ownerId !== auth.userId) {
          await auditRepository.record(tx, {
            actorId: auth.userId,
            action: 'event.delete',
            targetType: 'event',
            targetId: eventId,
            before: { status: event.status },
          });
        }
        return { releasedPledges };
      });
      if (refundPledgeId) queueFundingRefund(refundPledgeId, 'delete');
      notifyCampaignChanged(ctx, eventId);
      return result;
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;

/**
 * The campaign rows other modules read and change inside their own transaction (the charge run,
 * the creator's funding): each function takes the caller's `tx`.
 */
export const lifecycleRecords = {
  countedTotalCents: repo.countedTotalCents,
  creatorPledge: repo.creatorPledge,
  findEvent: eventRecords.findById,
  updateEvent: eventRecords.update,
  ownerEmail: repo.ownerEmail,
};
