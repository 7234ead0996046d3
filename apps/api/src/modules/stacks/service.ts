import { centsToDollars, STACK_MESSAGES, type MyStack, type StackPageResponse, type StackRequest } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { distinctSupporters, isPubliclyVisible, toEventSummary, toPublicEventSummary, totalsFor } from '../event-reads/index.ts';
import { stacksRepository as repo, type StackRow } from './repository.ts';

type StackPage = StackPageResponse['data'];

function toMyStack(stack: StackRow, campaigns: Array<{ id: string; name: string; status: MyStack['campaigns'][number]['status'] }>): MyStack {
  return {
    _id: stack.id,
    title: stack.title,
    description: stack.description,
    campaigns: campaigns.map((campaign) => ({ _id: campaign.id, name: campaign.name, status: campaign.status, published: isPubliclyVisible(campaign.status) })),
    created_at: stack.createdAt.toISOString(),
    updated_at: stack.updatedAt.toISOString(),
  };
}

/**
 * Only the owner's own published campaigns can be stacked (what stands behind a stack page is
 * theirs and public). Each refusal names the field, as a form shows it.
 */
async function assertStackable(db: Executor, ownerId: string, eventIds: string[]): Promise<void> {
  const rows = await repo.campaignsByIds(db, eventIds);
  if (rows.length !== eventIds.length || rows.some((row) => row.ownerId !== ownerId)) throw AppError.validation({ event_ids: STACK_MESSAGES.notYours });
  if (rows.some((row) => !isPubliclyVisible(row.status))) throw AppError.validation({ event_ids: STACK_MESSAGES.notPublished });
}

/**
 * Event Stacking (decision 069): a host's page of two to five of their own published campaigns,
 * side by side with a combined total. Every pledge still belongs to exactly one campaign; the stack
 * only adds up what each campaign page already shows, so no money rule changes.
 */
export function createStacksService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  /** The stack, if this user owns it; anyone else (admins too) is told it does not exist. */
  async function ownStack(tx: Executor, userId: string, stackId: string): Promise<StackRow> {
    const stack = await repo.lock(tx, stackId);
    if (!stack || stack.ownerId !== userId) throw AppError.notFound(STACK_MESSAGES.notFound);
    return stack;
  }

  async function mineOne(stack: StackRow): Promise<MyStack> {
    const campaigns = await repo.campaignsOf(db, stack.id, { all: true });
    return toMyStack(stack, campaigns);
  }

  return {
    /** The public page; 404 when none of its campaigns is published any more, or its owner is disabled. */
    async page(stackId: string): Promise<StackPage> {
      const stack = await repo.find(db, stackId);
      const [owner, rows] = stack ? await Promise.all([repo.activeOwner(db, stack.ownerId), repo.campaignsOf(db, stack.id)]) : [undefined, []];
      if (!stack || !owner || rows.length === 0) throw AppError.notFound(STACK_MESSAGES.notFound);
      const ids = rows.map((row) => row.id);
      const [totals, supporters] = await Promise.all([totalsFor(db, ids), distinctSupporters(db, ids)]);
      const raisedCents = ids.reduce((sum, id) => sum + (totals.get(id)?.raisedCents ?? 0), 0);
      return {
        _id: stack.id,
        title: stack.title,
        description: stack.description,
        owner: { _id: owner.id, name: owner.name },
        campaigns: rows.map((row) => toPublicEventSummary(toEventSummary(row, totals.get(row.id)))),
        totals: { campaigns: rows.length, raised: centsToDollars(raisedCents), supporters },
        updated_at: stack.updatedAt.toISOString(),
      };
    },

    async mine(userId: string): Promise<MyStack[]> {
      const rows = await repo.ofOwner(db, userId);
      return rows.map(({ stack, campaigns }) => toMyStack(stack, campaigns));
    },

    async create(userId: string, input: StackRequest): Promise<MyStack> {
      const stack = await db.transaction(async (tx) => {
        await assertStackable(tx, userId, input.event_ids);
        const row = await repo.insert(tx, { ownerId: userId, title: input.title, description: input.description });
        await repo.setCampaigns(tx, row.id, input.event_ids);
        return row;
      });
      return mineOne(stack);
    },

    async update(userId: string, stackId: string, input: StackRequest): Promise<MyStack> {
      const stack = await db.transaction(async (tx) => {
        await ownStack(tx, userId, stackId);
        await assertStackable(tx, userId, input.event_ids);
        await repo.setCampaigns(tx, stackId, input.event_ids);
        return repo.update(tx, stackId, { title: input.title, description: input.description });
      });
      return mineOne(stack);
    },

    async remove(userId: string, stackId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await ownStack(tx, userId, stackId);
        await repo.remove(tx, stackId);
      });
    },
  };
}

/** What other modules read of stacks: the sitemap lists the stack pages. */
export const stackRecords = {
  publicIds: repo.publicIds,
};
