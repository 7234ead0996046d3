import { CharityProfileFields, PORTAL_MESSAGES, type AdminProfileChange, type CharityProfile, type ProfileChange } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError, fieldsFromZod } from '../../errors.ts';
import { type MultipartBody, storeImage } from '../../lib/uploads.ts';
import { recordAdminAction, auditRepository } from '../audit/index.ts';
import { usersService } from '../users/index.ts';
import { portalRepository as repo, type CharityRow } from './repository.ts';
import { profileChangesRepository as changesRepo, type ChangeRow, type ProposedProfile } from './profile-changes-repository.ts';

export function toProfile(row: CharityRow): CharityProfile {
  return {
    _id: row.id,
    name: row.name,
    logo: row.logo,
    link: row.link,
    description: row.description,
    legal_name: row.legalName,
    registration_number: row.registrationNumber,
    address: row.address,
  };
}

function toChange(row: ChangeRow, current: CharityRow, proposerName: string | null): ProfileChange {
  const { logo, ...fields } = row.proposed;
  return {
    _id: row.id,
    proposed: { ...fields, logo: logo?.url ?? current.logo },
    proposed_by: proposerName,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Profile edits held for an admin (decision 176): a representative's edit is stored as the charity's
 * one pending change (a newer edit supersedes it); the public profile (and what receipts print)
 * changes only when an admin approves, in one transaction under the charity's row lock. The
 * proposer is told the decision by e-mail; every step is audit-logged.
 */
export function createProfileChanges(ctx: AppContext) {
  const { db } = ctx;

  function decisionEmail(to: string, charity: string, approved: boolean, reason: string) {
    return {
      to,
      kind: approved ? 'charity-profile-approved' : 'charity-profile-rejected',
      subject: approved ? `${charity}: your profile change is live` : `${charity}: your profile change was not approved`,
      text: [
        approved
          ? `An admin approved your change to ${charity}'s profile; the public profile and receipts now show it.`
          : `An admin did not approve your change to ${charity}'s profile; the public profile is unchanged.`,
        !approved && reason ? `Reason: ${reason}` : '',
        `The charity's portal: ${ctx.config.publicUrl}/user/charities`,
      ]
        .filter(Boolean)
        .join('\n\n'),
    };
  }

  return {
    /** The charity's pending change as its portal shows it, or null. */
    async pending(charityId: string, current: CharityRow): Promise<ProfileChange | null> {
      const row = await changesRepo.pendingOf(db, charityId);
      return row ? toChange(row.change, current, row.proposerName) : null;
    },

    /** A representative's edit, held (representation is checked by the caller, before the body is read). */
    async submit(userId: string, charityId: string, body: MultipartBody): Promise<{ profile: CharityProfile; pending_change: ProfileChange }> {
      const parsed = CharityProfileFields.safeParse(body.fields);
      if (!parsed.success) throw AppError.validation(fieldsFromZod(parsed.error));
      const fields = parsed.data;
      const logo = body.files.find((file) => file.fieldname === 'logo');
      const stored = logo ? await storeImage(ctx.storage, logo.buffer, 'logos', { maxWidth: 400 }) : undefined;
      const proposed: ProposedProfile = { ...fields, link: fields.link || null, logo: stored ? { url: stored.url, key: stored.key } : null };
      try {
        return await db.transaction(async (tx) => {
          const current = await repo.lockCharity(tx, charityId);
          if (!current) throw AppError.notFound(PORTAL_MESSAGES.charityNotFound);
          const row = await changesRepo.replacePending(tx, { charityId, proposedBy: userId, proposed });
          const user = await usersService.findById(tx, userId);
          await auditRepository.record(tx, {
            actorId: userId,
            actorEmail: user?.email ?? '',
            action: 'charity.profile_change_submitted',
            targetType: 'charity',
            targetId: charityId,
            before: toProfile(current),
            after: { change_id: row.id, ...proposed },
          });
          return { profile: toProfile(current), pending_change: toChange(row, current, user?.name ?? null) };
        });
      } catch (error) {
        if (stored) await ctx.storage.remove(stored.key);
        throw error;
      }
    },

    /** Every pending change, oldest first, beside the charity's current profile. */
    async list(): Promise<AdminProfileChange[]> {
      const rows = await changesRepo.allPending(db);
      const items: AdminProfileChange[] = [];
      for (const row of rows) {
        const current = await repo.charity(db, row.change.charityId);
        if (current) items.push({ ...toChange(row.change, current, row.proposerName), current: toProfile(current) });
      }
      return items;
    },

    /** An admin approves (the profile takes the change) or rejects a pending change, once; the proposer is told. */
    async decide(adminId: string, changeId: string, decision: 'approve' | 'reject', reason: string): Promise<CharityProfile> {
      const found = await changesRepo.byId(db, changeId);
      if (!found) throw AppError.notFound(PORTAL_MESSAGES.changeNotFound);
      const approved = decision === 'approve';
      const outcome = await db.transaction(async (tx) => {
        const current = await repo.lockCharity(tx, found.charityId);
        if (!current) throw AppError.notFound(PORTAL_MESSAGES.charityNotFound);
        const change = await changesRepo.decide(tx, changeId, {
          status: approved ? 'approved' : 'rejected',
          decidedBy: adminId,
          decidedAt: ctx.clock.now(),
          reason: reason || null,
        });
        if (!change) throw AppError.conflict('PROFILE_CHANGE_DECIDED', PORTAL_MESSAGES.changeDecided);
        const { logo, ...fields } = change.proposed;
        const after = approved
          ? await repo.updateCharity(tx, found.charityId, {
              description: fields.description,
              link: fields.link,
              legalName: fields.legal_name,
              registrationNumber: fields.registration_number,
              address: fields.address,
              ...(logo ? { logo: logo.url } : {}),
            })
          : current;
        await recordAdminAction(tx, adminId, {
          action: approved ? 'charity.profile_change_approved' : 'charity.profile_change_rejected',
          targetType: 'charity',
          targetId: found.charityId,
          before: toProfile(current),
          after: approved ? toProfile(after) : { change_id: changeId, reason },
        });
        const proposer = change.proposedBy ? await usersService.findById(tx, change.proposedBy) : undefined;
        if (proposer?.email) await ctx.mailer.send(decisionEmail(proposer.email, current.name, approved, reason), tx);
        return { after, rejectedLogo: approved ? null : logo };
      });
      if (approved) ctx.publicReads.clear();
      // A rejected change's uploaded logo is never shown: its file goes.
      if (outcome.rejectedLogo) await ctx.storage.remove(outcome.rejectedLogo.key);
      return toProfile(outcome.after);
    },
  };
}
