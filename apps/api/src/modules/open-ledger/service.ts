import { centsToDollars, OPEN_LEDGER_ACCOUNTS, openLedgerLabel, type OpenLedgerLine, type OpenLedgerResponse, type OpenLedgerTotals } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import { assertCanSee } from '../event-reads/index.ts';
import { linePages, type LedgerDownload } from './download-stream.ts';
import { findLedgerCampaign, openLedgerRepository as repo, type OpenLedgerRow } from './repository.ts';

type Campaign = NonNullable<Awaited<ReturnType<typeof findLedgerCampaign>>>;

function toLine(row: OpenLedgerRow): OpenLedgerLine {
  const line = {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    label: openLedgerLabel(row.kind),
    donor: row.donor,
    pledged: centsToDollars(row.pledged),
    charged: centsToDollars(row.charged),
  } as OpenLedgerLine;
  for (const account of OPEN_LEDGER_ACCOUNTS) line[account] = centsToDollars(row[account]);
  return line;
}

/** The totals from the database's sums, by the same rule as `recomputeOpenLedger` applies to a download. */
function toTotals(count: number, sums: Sums): OpenLedgerTotals {
  return {
    raised: centsToDollars(sums.pledged),
    charged: centsToDollars(sums.charged),
    net_from_cards: centsToDollars(-sums.donor_card),
    platform_fees: centsToDollars(sums.platform_fee_revenue),
    tips: centsToDollars(sums.tips_revenue),
    card_fees: centsToDollars(sums.card_processing_fees),
    held: centsToDollars(sums.event_escrow),
    for_charity: centsToDollars(sums.charity_payable + sums.charity_paid),
    passed_on: centsToDollars(sums.charity_paid),
    lines: count,
  };
}

type Sums = Awaited<ReturnType<typeof repo.totals>>['sums'];
const FIGURES = ['pledged', 'charged', ...OPEN_LEDGER_ACCOUNTS] as const;

const toCampaign = (campaign: Campaign) => ({ _id: campaign.id, name: campaign.name, status: campaign.status, charity: campaign.charity });

/** A campaign's open ledger (decision 112): public wherever its page is, read-only. */
export function createOpenLedgerService(ctx: AppContext) {
  async function visible(eventId: string, auth: AuthInfo | null): Promise<Campaign> {
    const campaign = await findLedgerCampaign(ctx.db, eventId);
    assertCanSee(campaign, auth);
    return campaign;
  }

  return {
    /** One page of lines, newest first, with the totals of every line. */
    async page(eventId: string, auth: AuthInfo | null, page: { offset: number; limit: number }): Promise<OpenLedgerResponse['data']> {
      const campaign = await visible(eventId, auth);
      const [{ rows }, totals] = await Promise.all([
        repo.lines(ctx.db, campaign.id, campaign.charityId, page),
        repo.totals(ctx.db, campaign.id, campaign.charityId),
      ]);
      return { event: toCampaign(campaign), totals: toTotals(totals.count, totals.sums), lines: rows.map(toLine), count: totals.count, ...page };
    },

    /**
     * Every line, for the JSON and CSV downloads, read from the database a page at a time as the
     * reader takes them (`linePages`); the totals are summed from the same lines as they pass, so a
     * download always recomputes to what it states, however large.
     */
    async download(eventId: string, auth: AuthInfo | null): Promise<LedgerDownload> {
      const campaign = await visible(eventId, auth);
      const sums = Object.fromEntries(['pledged', 'charged', ...OPEN_LEDGER_ACCOUNTS].map((figure) => [figure, 0])) as Sums;
      let count = 0;
      async function* lines(): AsyncGenerator<OpenLedgerLine[]> {
        for await (const rows of linePages(ctx.db, campaign)) {
          for (const row of rows) for (const figure of FIGURES) sums[figure] += row[figure];
          count += rows.length;
          yield rows.map(toLine);
        }
      }
      return { event: toCampaign(campaign), generated_at: ctx.clock.now().toISOString(), lines: lines(), totals: () => toTotals(count, sums) };
    },
  };
}
