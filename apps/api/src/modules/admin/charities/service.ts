import { ADMIN_MESSAGES, CharityFields, CharityGroupRequest } from '@pledgeway/domain/schemas/admin';
import type { AppContext } from '../../../context.ts';
import { AppError, fieldsFromZod } from '../../../errors.ts';
import { type MultipartBody, storeImage } from '../../../lib/uploads.ts';
import { recordAdminAction } from '../../audit/index.ts';
import { charityRecords, type CharityRow } from '../../charities/index.ts';
import { adminCharitiesRepository as repo, toAdminGroup } from './repository.ts';

/** What the audit log keeps of a charity: its public fields. */
function snapshot(row: CharityRow) {
  return { name: row.name, group_id: row.groupId, logo: row.logo, link: row.link, description: row.description, hidden: row.hidden };
}

export function createAdminCharitiesService(ctx: AppContext) {
  const { db, storage } = ctx;

  async function parse(body: MultipartBody) {
    const parsed = CharityFields.safeParse(body.fields);
    if (!parsed.success) throw AppError.validation(fieldsFromZod(parsed.error));
    if (!(await repo.findGroup(db, parsed.data.group_id))) throw AppError.validation({ group_id: ADMIN_MESSAGES.groupRequired });
    const logo = body.files.find((file) => file.fieldname === 'logo');
    return { fields: parsed.data, logo };
  }

  async function withStoredLogo<T>(logo: { buffer: Buffer } | undefined, write: (logoUrl: string | undefined) => Promise<T>): Promise<T> {
    const stored = logo ? await storeImage(storage, logo.buffer, 'logos', { maxWidth: 400 }) : undefined;
    try {
      return await write(stored?.url);
    } catch (error) {
      if (stored) await storage.remove(stored.key);
      throw error;
    }
  }

  return {
    list: () => repo.list(db),

    async create(actorId: string, body: MultipartBody) {
      const { fields, logo } = await parse(body);
      const row = await withStoredLogo(logo, (logoUrl) =>
        db.transaction(async (tx) => {
          const created = await charityRecords.insert(tx, {
            name: fields.name,
            groupId: fields.group_id,
            link: fields.link || null,
            description: fields.description,
            hidden: fields.hidden,
            logo: logoUrl ?? '',
          });
          await recordAdminAction(tx, actorId, { action: 'charity.create', targetType: 'charity', targetId: created.id, after: snapshot(created) });
          return created;
        }),
      );
      const group = await repo.findGroup(db, row.groupId);
      return repo.toAdminCharity(row, group, 0);
    },

    async update(actorId: string, charityId: string, body: MultipartBody) {
      const { fields, logo } = await parse(body);
      const row = await withStoredLogo(logo, (logoUrl) =>
        db.transaction(async (tx) => {
          const before = await charityRecords.findForUpdate(tx, charityId);
          if (!before) throw AppError.notFound('Charity not found');
          const after = await charityRecords.update(tx, charityId, {
            name: fields.name,
            groupId: fields.group_id,
            link: fields.link || null,
            description: fields.description,
            hidden: fields.hidden,
            ...(logoUrl ? { logo: logoUrl } : {}),
          });
          await recordAdminAction(tx, actorId, {
            action: 'charity.update',
            targetType: 'charity',
            targetId: charityId,
            before: snapshot(before),
            after: snapshot(after),
          });
          return after;
        }),
      );
      return repo.toAdminCharity(row, await repo.findGroup(db, row.groupId), await repo.campaignCount(db, row.id));
    },

    /** Hidden charities leave the public list and the wizard; campaigns that already name one keep it. */
    async setHidden(actorId: string, charityId: string, hidden: boolean) {
      const row = await db.transaction(async (tx) => {
        const before = await charityRecords.findForUpdate(tx, charityId);
        if (!before) throw AppError.notFound('Charity not found');
        const after = await charityRecords.update(tx, charityId, { hidden });
        await recordAdminAction(tx, actorId, {
          action: hidden ? 'charity.hide' : 'charity.show',
          targetType: 'charity',
          targetId: charityId,
          before: { hidden: before.hidden },
          after: { hidden: after.hidden },
        });
        return after;
      });
      return repo.toAdminCharity(row, await repo.findGroup(db, row.groupId), await repo.campaignCount(db, row.id));
    },

    async createGroup(actorId: string, input: unknown) {
      const parsed = CharityGroupRequest.safeParse(input);
      if (!parsed.success) throw AppError.validation(fieldsFromZod(parsed.error));
      return db.transaction(async (tx) => {
        const group = await repo.insertGroup(tx, parsed.data.title);
        if (!group) throw new AppError('GROUP_TAKEN', ADMIN_MESSAGES.groupTaken, 409, { title: ADMIN_MESSAGES.groupTaken });
        await recordAdminAction(tx, actorId, {
          action: 'charity_group.create',
          targetType: 'charity_group',
          targetId: group.id,
          after: { title: group.title },
        });
        return toAdminGroup(group);
      });
    },
  };
}
