import { z } from 'zod';
import {
  centsToDollars,
  dollarsToCents,
  EVENT_MESSAGES,
  formatCents,
  FUNDRAISING_PAGE_MESSAGES,
  fundraisingPagePath,
  type CreateFundraisingPageRequest,
  type FundraisingPageDetail,
  type UpdateFundraisingPageRequest,
  type FundraisingPageSummary,
  type ManagedFundraisingPage,
  type MyFundraisingPage,
} from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { storeBase64Image } from '../../lib/uploads.ts';
import { assertCanManage, assertCanSee, canView } from '../event-reads/index.ts';
import { usersService } from '../users/index.ts';
import { fundraisingPageEmails } from './emails.ts';
import { fundraisingPagesRepository as repo, type PageWithTotals } from './repository.ts';
import { eventRecords } from '../event-records/index.ts';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

function toSummary({ page, owner, raisedCents, supporters }: PageWithTotals): FundraisingPageSummary {
  return {
    _id: page.id,
    event_id: page.eventId,
    slug: page.slug,
    title: page.title,
    image: page.image,
    owner: { name: owner.name, image: owner.image },
    target_amount: centsToDollars(page.targetCents),
    raised: centsToDollars(raisedCents),
    supporters,
    created_at: page.createdAt.toISOString(),
    closed_at: page.closedAt?.toISOString() ?? null,
  };
}

function toDetail(row: PageWithTotals): FundraisingPageDetail {
  const { event } = row;
  return { ...toSummary(row), story: row.page.story, event: { _id: event.id, name: event.name, status: event.status, banner_image_url: event.bannerImage } };
}

function toManaged(row: PageWithTotals): ManagedFundraisingPage {
  return { ...toSummary(row), hidden_at: row.page.hiddenAt?.toISOString() ?? null };
}

/**
 * Fundraising pages (decision 110): a signed-in supporter starts a page under a live campaign;
 * pledges made through its link are the campaign's pledges, attributed to the page. The campaign's
 * host (or an admin) may hide a page; its owner sees who supported it.
 */
export function createFundraisingPagesService(ctx: AppContext) {
  const { db } = ctx;
  const pageUrl = (slug: string) => `${ctx.config.publicUrl}${fundraisingPagePath(slug)}`;

  async function visibleCampaign(eventId: string, auth: AuthInfo | null) {
    const campaign = await eventRecords.findById(db, eventId);
    assertCanSee(campaign, auth);
    return campaign;
  }

  async function refuseTakenSlug(slug: string) {
    if (await repo.slugTaken(db, slug)) throw AppError.validation({ slug: FUNDRAISING_PAGE_MESSAGES.slugTaken });
  }

  return {
    /** Starts the caller's page: one per person and campaign, a slug no other page has, only while the campaign is live. */
    async create(auth: AuthInfo, eventId: string, input: CreateFundraisingPageRequest): Promise<FundraisingPageDetail> {
      // The page's e-mails (live, each pledge through it) go to this address (decision 095); refused before the picture is stored.
      await usersService.assertEmailConfirmed(db, auth.userId, 'startFundraisingPage');
      await visibleCampaign(eventId, auth);
      await refuseTakenSlug(input.slug);
      // Stored before the transaction, as every upload is; the hourly sweep removes it if the page is not saved.
      const image = input.image ? (await storeBase64Image(ctx.storage, input.image, 'banners')).url : '';
      const saved = await db.transaction(async (tx) => {
        const campaign = await eventRecords.lock(tx, eventId, 'share');
        if (!campaign) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
        if (campaign.ownerId === auth.userId) throw AppError.conflict('OWN_CAMPAIGN', FUNDRAISING_PAGE_MESSAGES.ownCampaign);
        if (campaign.status !== 'approved') throw AppError.conflict('EVENT_NOT_LIVE', FUNDRAISING_PAGE_MESSAGES.notLive);
        const page = await repo.insert(tx, {
          eventId,
          ownerId: auth.userId,
          slug: input.slug,
          title: input.title,
          story: input.story,
          image,
          targetCents: dollarsToCents(input.target_amount),
        });
        if (!page) {
          // Two requests at once: the unique indexes decided; say which one refused.
          if (await repo.slugTaken(tx, input.slug)) throw AppError.validation({ slug: FUNDRAISING_PAGE_MESSAGES.slugTaken });
          throw AppError.conflict('PAGE_EXISTS', FUNDRAISING_PAGE_MESSAGES.alreadyHasPage);
        }
        const owner = await usersService.findById(tx, auth.userId);
        if (owner)
          await ctx.mailer.send(fundraisingPageEmails.created(owner.email, { title: page.title, campaignName: campaign.name, link: pageUrl(page.slug) }), tx);
        return page;
      });
      return toDetail((await repo.byId(db, saved.id))!);
    },

    /** The campaign's leaderboard: shown pages, most raised first. */
    async leaderboard(eventId: string, auth: AuthInfo | null): Promise<FundraisingPageSummary[]> {
      await visibleCampaign(eventId, auth);
      return (await repo.forCampaign(db, eventId, { includeHidden: false })).map(toSummary);
    },

    /** A page by its link. A hidden page says so (to everyone but its owner, the host and admins). */
    async bySlug(slug: string, auth: AuthInfo | null): Promise<FundraisingPageDetail> {
      const row = await repo.bySlug(db, slug.toLowerCase());
      if (!row) throw AppError.notFound(FUNDRAISING_PAGE_MESSAGES.notFound);
      const insider = Boolean(auth && (auth.userId === row.page.ownerId || canView(row.event, auth)));
      assertCanSee(row.event, auth, FUNDRAISING_PAGE_MESSAGES.notFound);
      if (row.page.hiddenAt && !insider) throw new AppError('FUNDRAISING_PAGE_HIDDEN', FUNDRAISING_PAGE_MESSAGES.hidden, 404);
      return toDetail(row);
    },

    /** Every page of the campaign, hidden ones included, for its host and admins. */
    async managed(auth: AuthInfo, eventId: string): Promise<ManagedFundraisingPage[]> {
      const campaign = await eventRecords.findById(db, eventId);
      if (!campaign) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
      assertCanManage(campaign, auth);
      return (await repo.forCampaign(db, eventId, { includeHidden: true })).map(toManaged);
    },

    /** The caller's pages with the supporters of each: names as the supporters chose, anonymous stays anonymous. */
    async mine(auth: AuthInfo): Promise<MyFundraisingPage[]> {
      const rows = await repo.ofOwner(db, auth.userId);
      const supporters = await repo.supportersOf(
        db,
        rows.map((row) => row.page.id),
      );
      return rows.map((row) => ({
        ...toManaged(row),
        story: row.page.story,
        event: toDetail(row).event,
        supporters_list: supporters
          .filter(({ pledge }) => pledge.fundraisingPageId === row.page.id)
          .map(({ pledge, name }) => ({
            _id: pledge.id,
            name: pledge.anonymous ? null : name,
            amount: centsToDollars(pledge.amountCents),
            message: pledge.message,
            created_at: pledge.createdAt.toISOString(),
          })),
      }));
    },

    /**
     * The owner edits their page's title, story, target and picture; its link stays. A hidden page
     * may be edited too: it stays hidden until the host shows it.
     */
    async update(auth: AuthInfo, pageId: string, input: UpdateFundraisingPageRequest): Promise<FundraisingPageDetail> {
      const current = await repo.byId(db, pageId);
      if (!current) throw AppError.notFound(FUNDRAISING_PAGE_MESSAGES.notFound);
      if (current.page.ownerId !== auth.userId) throw AppError.forbidden(FUNDRAISING_PAGE_MESSAGES.notOwner);
      // Stored before the transaction, as at the start; the hourly sweep removes the replaced picture.
      const image = input.image ? (await storeBase64Image(ctx.storage, input.image, 'banners')).url : input.image;
      await db.transaction(async (tx) => {
        const found = await repo.lockWithCampaign(tx, pageId);
        if (!found) throw AppError.notFound(FUNDRAISING_PAGE_MESSAGES.notFound);
        await repo.update(tx, pageId, {
          title: input.title,
          story: input.story,
          targetCents: dollarsToCents(input.target_amount),
          ...(image === undefined ? {} : { image }),
        });
      });
      return toDetail((await repo.byId(db, pageId))!);
    },

    /** The host (or an admin) hides a page, or shows it again; hiding tells the owner. */
    async setHidden(auth: AuthInfo, pageId: string, hide: boolean): Promise<ManagedFundraisingPage> {
      await db.transaction(async (tx) => {
        const found = await repo.lockWithCampaign(tx, pageId);
        if (!found) throw AppError.notFound(FUNDRAISING_PAGE_MESSAGES.notFound);
        assertCanManage(found.event, auth);
        if (hide && found.page.hiddenAt) throw AppError.conflict('PAGE_HIDDEN', FUNDRAISING_PAGE_MESSAGES.alreadyHidden);
        if (!hide && !found.page.hiddenAt) throw AppError.conflict('PAGE_SHOWN', FUNDRAISING_PAGE_MESSAGES.notHidden);
        await repo.setHidden(tx, pageId, hide ? ctx.clock.now() : null);
        const owner = hide ? await usersService.findById(tx, found.page.ownerId) : undefined;
        if (owner) await ctx.mailer.send(fundraisingPageEmails.hidden(owner.email, { title: found.page.title, campaignName: found.event.name }), tx);
      });
      return toManaged((await repo.byId(db, pageId))!);
    },

    /**
     * The owner closes their page, or reopens it while the campaign is live. A closed page keeps
     * what was pledged through it (those pledges are the campaign's, charged or released with it);
     * a pledge through its link afterwards is the campaign's alone (`attributable`).
     */
    async setClosed(auth: AuthInfo, pageId: string, close: boolean): Promise<ManagedFundraisingPage> {
      await db.transaction(async (tx) => {
        const found = await repo.lockWithCampaign(tx, pageId);
        if (!found) throw AppError.notFound(FUNDRAISING_PAGE_MESSAGES.notFound);
        if (found.page.ownerId !== auth.userId) throw AppError.forbidden(FUNDRAISING_PAGE_MESSAGES.notOwnerClose);
        if (close && found.page.closedAt) throw AppError.conflict('PAGE_CLOSED', FUNDRAISING_PAGE_MESSAGES.alreadyClosed);
        if (!close && !found.page.closedAt) throw AppError.conflict('PAGE_OPEN', FUNDRAISING_PAGE_MESSAGES.notClosed);
        if (!close && found.event.status !== 'approved') throw AppError.conflict('EVENT_NOT_LIVE', FUNDRAISING_PAGE_MESSAGES.reopenNotLive);
        await repo.setClosed(tx, pageId, close ? ctx.clock.now() : null);
      });
      return toManaged((await repo.byId(db, pageId))!);
    },
  };
}

/**
 * What other modules use of fundraising pages: the pledge endpoint the attribution of a new pledge, the live stream the leaderboard,
 * the supporters export and webhook events the page a pledge was made through.
 */
export const fundraisingPageRecords = {
  /** The leaderboard's lines (shown pages), for a campaign's live messages: what each raised and from how many. */
  async leaderboardLines(db: Executor, eventId: string): Promise<Array<{ _id: string; raised: number; supporters: number }>> {
    const rows = await repo.forCampaign(db, eventId, { includeHidden: false });
    return rows.map((row) => ({ _id: row.page.id, raised: centsToDollars(row.raisedCents), supporters: row.supporters }));
  },

  /**
   * The page a new pledge is attributed to, read inside the pledge's transaction: a shown, open page
   * of this campaign, or null. Anything else (a hidden, closed or unknown page, another campaign's) is ignored,
   * as a promotion link is: a link never makes a pledge fail.
   */
  async attributable(tx: Executor, pageId: string | null | undefined, eventId: string): Promise<{ id: string; title: string; ownerEmail: string } | null> {
    if (!pageId || !isUuid(pageId)) return null;
    const found = await repo.shownPageOf(tx, pageId, eventId);
    return found ? { id: found.page.id, title: found.page.title, ownerEmail: found.ownerEmail } : null;
  },

  /**
   * The title and slug of each page named (hidden and closed ones too), by id: how a host's supporters
   * export and webhook events name the page a pledge was made through.
   */
  async titles(db: Executor, pageIds: ReadonlyArray<string | null>): Promise<Map<string, { title: string; slug: string }>> {
    const ids = [...new Set(pageIds.filter((id): id is string => id !== null))];
    const rows = await repo.titlesOf(db, ids);
    return new Map(rows.map((row) => [row.id, { title: row.title, slug: row.slug }]));
  },

  /** The owner's notice of a pledge through their page, sent with the pledge's own transaction. */
  pledgedEmail(ctx: AppContext, page: { title: string; ownerEmail: string }, pledge: { amountCents: number; supporterName: string | null }) {
    return fundraisingPageEmails.pledged(page.ownerEmail, {
      title: page.title,
      supporterName: pledge.supporterName,
      amount: formatCents(pledge.amountCents),
      dashboardUrl: `${ctx.config.publicUrl}/user/fundraising-pages`,
    });
  },
};
