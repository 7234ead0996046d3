import { randomUUID } from 'node:crypto';
import type { LiveFigures, LiveTotals, Supporter } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { fundraisingPageRecords } from '../fundraising-pages/index.ts';
import { createMatchService } from '../matching/index.ts';
import { publicSupporters, readLiveTotals, SUPPORTERS_PAGE_SIZE } from '../pledges/index.ts';
import { promotionRecords } from '../promotions/index.ts';

type Line = { _id: string };
type MatchLine = LiveTotals['matches'][number];
type PageLine = LiveTotals['fundraising_pages'][number];
type PromotionLine = LiveTotals['promotions'][number];

/** Everything a campaign's open pages show live, as read at one tick. */
export interface CampaignLiveState {
  figures: LiveFigures;
  /** The newest page of supporters, named by the supporters list's own rule. */
  supporters: Supporter[];
  matches: MatchLine[];
  pages: PageLine[];
  promotions: PromotionLine[];
}

/** The lines of `after` that are new or differ from `before`'s line of the same id. */
function changedLines<T extends Line>(before: T[], after: T[]): T[] {
  const previous = new Map(before.map((line) => [line._id, JSON.stringify(line)]));
  return after.filter((line) => previous.get(line._id) !== JSON.stringify(line));
}

function removedIds(before: Line[], after: Line[]): string[] {
  const kept = new Set(after.map((line) => line._id));
  return before.filter((line) => !kept.has(line._id)).map((line) => line._id);
}

/**
 * A campaign's live messages (decision 129): one read of everything its pages show per tick, for
 * all of them, turned into the first message of a stream (every line) or the next one (what
 * changed since the tick before). `stream` names this instance's numbering: a page that reconnects
 * to another instance sees another stream and knows it may have missed something.
 */
export function createLiveFeed(ctx: AppContext) {
  const stream = randomUUID();
  const matches = createMatchService(ctx);

  async function read(eventId: string): Promise<CampaignLiveState> {
    const [figures, supporters, matchLines, pages, promotions] = await Promise.all([
      readLiveTotals(ctx, eventId),
      publicSupporters(ctx.db, eventId, { offset: 0, limit: SUPPORTERS_PAGE_SIZE }),
      matches.progress(eventId),
      fundraisingPageRecords.leaderboardLines(ctx.db, eventId),
      promotionRecords.credits(ctx.db, eventId),
    ]);
    return { figures, supporters, matches: matchLines, pages, promotions };
  }

  /** The first message a page gets: every line as it stands at message `seq`. */
  function snapshot(state: CampaignLiveState, seq: number): LiveTotals {
    return {
      ...state.figures,
      stream,
      seq,
      supporters_added: state.supporters,
      matches: state.matches,
      fundraising_pages: state.pages,
      fundraising_pages_removed: [],
      promotions: state.promotions,
    };
  }

  /** Message `seq`: the figures, and what changed since message `seq - 1` (whose state is `before`). */
  function delta(before: CampaignLiveState, after: CampaignLiveState, seq: number): LiveTotals {
    const known = new Set(before.supporters.map((supporter) => supporter._id));
    return {
      ...after.figures,
      stream,
      seq,
      supporters_added: after.supporters.filter((supporter) => !known.has(supporter._id)),
      matches: changedLines(before.matches, after.matches),
      fundraising_pages: changedLines(before.pages, after.pages),
      fundraising_pages_removed: removedIds(before.pages, after.pages),
      promotions: changedLines(before.promotions, after.promotions),
    };
  }

  return { stream, read, snapshot, delta };
}
