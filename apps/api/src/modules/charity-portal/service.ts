import type { Readable } from 'node:stream';
import { addDays } from 'date-fns';
import { centsToDollars, INVITATION_DAYS, PAYOUT_LINES_SHOWN, PORTAL_MESSAGES, type PortalOverview } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { MultipartBody } from '../../lib/uploads.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { recordAdminAction } from '../audit/index.ts';
import { toCsv } from '../../lib/csv.ts';
import { auditRepository } from '../audit/index.ts';
import { charityConnectView } from '../charity-connect/index.ts';
import { disputeRecords } from '../disputes/index.ts';
import { payoutRecords } from '../payouts/index.ts';
import { usersService } from '../users/index.ts';
import { createProfileChanges, toProfile } from './profile-changes.ts';
import { payoutsWithLines } from './payout-lines.ts';
import { portalRepository as repo, type CharityRow, type InvitationRow } from './repository.ts';
import { charitySupportersCsv } from './supporters-csv.ts';

export { toProfile };

const toInvitation = (row: InvitationRow) => ({
  _id: row.id,
  email: row.email,
  expires_at: row.expiresAt.toISOString(),
  created_at: row.createdAt.toISOString(),
});

/**
 * The charity portal (decision 135). Every read and write of a charity's portal first checks that
 * the caller represents that charity (`assertRepresents`): anyone else, admins included, is told
 * the charity does not exist, before a body is read.
 */
export function createCharityPortalService(ctx: AppContext) {
  const { db } = ctx;
  const profileChanges = createProfileChanges(ctx);

  async function assertRepresents(charityId: string, userId: string): Promise<CharityRow> {
    const charity = await repo.charity(db, charityId);
    if (!charity || !(await repo.represents(db, charityId, userId))) throw AppError.notFound(PORTAL_MESSAGES.charityNotFound);
    return charity;
  }

  async function invitationState(row: InvitationRow) {
    if (row.revokedAt) return 'revoked' as const;
    if (row.acceptedAt) return 'accepted' as const;
    if (row.expiresAt.getTime() <= ctx.clock.now().getTime()) return 'expired' as const;
    return 'open' as const;
  }

  const service = {
    assertRepresents,

    /* Admin: who represents a charity, and invitations. */

    async representatives(charityId: string) {
      const charity = await repo.charity(db, charityId);
      if (!charity) throw AppError.notFound(PORTAL_MESSAGES.charityNotFound);
      const [people, pending] = await Promise.all([repo.representatives(db, charityId), repo.pendingInvitations(db, charityId, ctx.clock.now())]);
      return {
        charity_id: charityId,
        representatives: people.map((person) => ({ user_id: person.userId, name: person.name, email: person.email, since: person.since.toISOString() })),
        invitations: pending.map(toInvitation),
      };
    },

    /** Invites one address: the invitation and its e-mail are written in one transaction. */
    async invite(actorId: string, charityId: string, email: string) {
      const { token, hash } = newOpaqueToken();
      const row = await db.transaction(async (tx) => {
        const charity = await repo.lockCharity(tx, charityId);
        if (!charity) throw AppError.notFound(PORTAL_MESSAGES.charityNotFound);
        const existing = await usersService.findByEmail(tx, email);
        if (existing && (await repo.represents(tx, charityId, existing.id))) {
          throw AppError.conflict('ALREADY_REPRESENTS', PORTAL_MESSAGES.alreadyRepresents);
        }
        const invitation = await repo.insertInvitation(tx, {
          charityId,
          email,
          tokenHash: hash,
          invitedBy: actorId,
          expiresAt: addDays(ctx.clock.now(), INVITATION_DAYS),
        });
        const link = `${ctx.config.publicUrl}/charity-invitations/${token}`;
        await ctx.mailer.send(
          {
            to: email,
            kind: 'charity-invitation',
            subject: `You are invited to represent ${charity.name} on Pledgeway`,
            text: [
              `Pledgeway invites you to represent ${charity.name} in its charity portal.`,
              'There you see the campaigns that benefit the charity, the money charged for it, its payouts and disputes, and you keep its public profile up to date.',
              '',
              `Accept the invitation (sign in or create an account with this address, ${email}): ${link}`,
              '',
              `The link works once and expires in ${INVITATION_DAYS} days. If you did not expect this, ignore this e-mail.`,
            ].join('\n'),
          },
          tx,
        );
        await recordAdminAction(tx, actorId, {
          action: 'charity.representative_invite',
          targetType: 'charity',
          targetId: charityId,
          after: { email, invitation_id: invitation.id },
        });
        return invitation;
      });
      return toInvitation(row);
    },

    async removeRepresentative(actorId: string, charityId: string, userId: string) {
      await db.transaction(async (tx) => {
        const removed = await repo.removeRepresentative(tx, charityId, userId);
        if (!removed) throw AppError.notFound('This person does not represent the charity');
        await recordAdminAction(tx, actorId, {
          action: 'charity.representative_remove',
          targetType: 'charity',
          targetId: charityId,
          before: { user_id: userId },
        });
      });
    },

    /* The invited person. */

    async preview(token: string) {
      const found = await repo.invitationByHash(db, hashToken(token));
      if (!found) throw AppError.notFound(PORTAL_MESSAGES.invitationNotFound);
      return {
        charity_name: found.charityName,
        email: found.invitation.email,
        expires_at: found.invitation.expiresAt.toISOString(),
        state: await invitationState(found.invitation),
      };
    },

    /**
     * Accepts under the invitation's row lock: once, by an account whose e-mail is the invited
     * address (the link proves the mailbox; the account proves the person).
     */
    async accept(userId: string, token: string) {
      return db.transaction(async (tx) => {
        const invitation = await repo.lockInvitation(tx, hashToken(token));
        if (!invitation) throw AppError.notFound(PORTAL_MESSAGES.invitationNotFound);
        const state = await invitationState(invitation);
        if (state === 'accepted') {
          if (invitation.acceptedBy === userId) return { charityId: invitation.charityId, charityName: (await repo.charity(tx, invitation.charityId))!.name };
          throw AppError.conflict('INVITATION_USED', PORTAL_MESSAGES.invitationUsed);
        }
        if (state === 'expired') throw new AppError('INVITATION_EXPIRED', PORTAL_MESSAGES.invitationExpired, 410);
        if (state === 'revoked') throw new AppError('INVITATION_REVOKED', PORTAL_MESSAGES.invitationRevoked, 410);
        const user = await usersService.findById(tx, userId);
        if (!user) throw AppError.unauthenticated();
        if (user.email.toLowerCase() !== invitation.email.toLowerCase()) {
          throw AppError.forbidden(PORTAL_MESSAGES.wrongAccount.replace('{email}', invitation.email));
        }
        await repo.markAccepted(tx, invitation.id, userId, ctx.clock.now());
        await repo.addRepresentative(tx, { charityId: invitation.charityId, userId, invitationId: invitation.id });
        await auditRepository.record(tx, {
          actorId: userId,
          actorEmail: user.email,
          action: 'charity.representative_accept',
          targetType: 'charity',
          targetId: invitation.charityId,
          after: { invitation_id: invitation.id },
        });
        return { charityId: invitation.charityId, charityName: (await repo.charity(tx, invitation.charityId))!.name };
      });
    },

    /* The representative's portal. */

    mine: (userId: string) => repo.charitiesOf(db, userId),

    async overview(userId: string, charityId: string): Promise<PortalOverview> {
      const charity = await assertRepresents(charityId, userId);
      const [campaigns, credited, balances, disputes, connect] = await Promise.all([
        repo.campaigns(db, charityId),
        repo.creditedByCampaign(db, charityId),
        payoutRecords.balances(db, charityId),
        disputeRecords.forCharity(db, charityId),
        charityConnectView(db, charityId),
      ]);
      const payouts = await payoutsWithLines(db, charityId, new Map(campaigns.map((campaign) => [campaign.id, campaign.name])));
      const balance = balances.get(charityId) ?? { payableCents: 0, paidCents: 0 };
      const chargedCents = campaigns.reduce((sum, campaign) => sum + Number(campaign.chargedCents), 0);
      const tipCents = campaigns.reduce((sum, campaign) => sum + Number(campaign.tipCents), 0);
      return {
        charity: toProfile(charity),
        money: {
          charged: centsToDollars(chargedCents),
          tips: centsToDollars(tipCents),
          for_charity: centsToDollars(balance.payableCents + balance.paidCents),
          paid: centsToDollars(balance.paidCents),
          payable: centsToDollars(balance.payableCents),
        },
        campaigns: campaigns.map((campaign) => ({
          _id: campaign.id,
          name: campaign.name,
          status: campaign.status,
          charged: centsToDollars(Number(campaign.chargedCents)),
          tips: centsToDollars(Number(campaign.tipCents)),
          for_charity: centsToDollars(credited.get(campaign.id) ?? 0),
          charged_pledges: Number(campaign.chargedPledges),
        })),
        payouts: payouts.map(({ lines, ...payout }) => ({ ...payout, pledge_count: lines.length, pledges: lines.slice(0, PAYOUT_LINES_SHOWN) })),
        disputes: disputes.map((dispute) => ({
          _id: dispute.id,
          opened_at: dispute.openedAt.toISOString(),
          status: dispute.status,
          reason: dispute.reason,
          campaign: dispute.campaign,
          amount: centsToDollars(dispute.amountCents),
          charity_share: centsToDollars(dispute.charityShareCents),
        })),
        // The connected account as the provider last reported it (null: not connected), and its transfers and reversals.
        connect,
        pending_change: await profileChanges.pending(charityId, charity),
      };
    },

    /** A representative's profile edit, held for an admin's approval (decision 176). */
    submitProfile: (userId: string, charityId: string, body: MultipartBody) => profileChanges.submit(userId, charityId, body),

    /** Each payout and every line it carried, one line per pledge (the portal lists only the first few). */
    async payoutsCsv(userId: string, charityId: string): Promise<string> {
      await assertRepresents(charityId, userId);
      const campaigns = await repo.campaigns(db, charityId);
      const payouts = await payoutsWithLines(db, charityId, new Map(campaigns.map((campaign) => [campaign.id, campaign.name])));
      const rows = payouts.flatMap((payout) =>
        payout.lines.length
          ? payout.lines.map((line) => [
              payout._id,
              payout.paid_on,
              payout.reference,
              payout.amount,
              line.campaign ?? '',
              line.pledge_id ?? '',
              line.supporter,
              line.amount,
            ])
          : [[payout._id, payout.paid_on, payout.reference, payout.amount, '', '', '', 0]],
      );
      return toCsv(['payout_id', 'paid_on', 'reference', 'payout_amount', 'campaign', 'pledge_id', 'supporter', 'carried_amount'], rows);
    },

    /** Everyone charged for the charity, streamed (supporters-csv.ts): name as each chose it, e-mail only where shared with the charity. */
    async supportersCsv(userId: string, charityId: string): Promise<Readable> {
      await assertRepresents(charityId, userId);
      return charitySupportersCsv(db, charityId);
    },
  };
  return service;
}
