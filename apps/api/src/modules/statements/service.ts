import { centsToDollars, type StatementYear } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { disputeRecords } from '../disputes/index.ts';
import { donationRecords } from '../donations/index.ts';
import { monthlyGiftRecords } from '../monthly-giving/index.ts';
import { returnedKind } from '../ledger/index.ts';
import { usersService } from '../users/index.ts';
import { renderStatementPdf } from './pdf.ts';
import { statementsRepository as repo, type StatementCharge, type StatementReturn } from './repository.ts';

const yearOf = (date: Date) => date.getUTCFullYear();
/** A donation from /charities has no campaign: the statement's campaign column says what it was. */
const DONATION = 'Donation';
const MONTHLY_GIFT = 'Monthly gift';

/** Giving statements (decision 113): a supporter's own charges (pledges and donations) per calendar year, as a list and as a PDF. */
export function createStatementsService(ctx: AppContext) {
  /** Every charge of the user, pledges and donations, oldest first, and every movement back on them. */
  async function givingOf(userId: string): Promise<{ charges: StatementCharge[]; returns: StatementReturn[] }> {
    const [pledged, donated, monthly] = await Promise.all([
      repo.charges(ctx.db, userId),
      donationRecords.chargedBy(ctx.db, userId),
      monthlyGiftRecords.chargedBy(ctx.db, userId),
    ]);
    const [pledgeReturns, donationReturns] = await Promise.all([
      repo.returns(
        ctx.db,
        pledged.map((charge) => charge.id),
      ),
      disputeRecords.donationReturns(
        ctx.db,
        donated.map((donation) => donation.id),
      ),
    ]);
    const donations = donated.map((donation) => ({
      id: donation.id,
      kind: 'donation' as const,
      chargedAt: donation.chargedAt,
      campaign: DONATION,
      charity: donation.charityName,
      recipient: { name: donation.charityName, legalName: donation.legalName, registrationNumber: donation.registrationNumber, address: donation.address },
      chargedCents: donation.amountCents,
      tipCents: 0,
      status: 'charged',
    }));
    // Each month of a monthly gift is a charge of its own: the gift and its tip, like a donation's.
    const months = monthly.map((month) => ({
      id: month.id,
      kind: 'donation' as const,
      chargedAt: month.chargedAt!,
      campaign: MONTHLY_GIFT,
      charity: month.charityName,
      recipient: {
        name: month.charityName,
        legalName: month.legalName ?? '',
        registrationNumber: month.registrationNumber ?? '',
        address: month.address ?? '',
      },
      chargedCents: month.amountCents + month.tipCents,
      tipCents: month.tipCents,
      status: 'charged',
    }));
    return {
      charges: [...pledged, ...donations, ...months].sort((a, b) => a.chargedAt.getTime() - b.chargedAt.getTime()),
      returns: [...pledgeReturns, ...donationReturns.map((item) => ({ ...item, kind: returnedKind(item.kind), campaign: DONATION }))].sort(
        (a, b) => a.at.getTime() - b.at.getTime(),
      ),
    };
  }

  return {
    /** The years with a charge or money back, newest first, with their sums. */
    async years(userId: string): Promise<StatementYear[]> {
      const { charges, returns } = await givingOf(userId);
      const years = new Map<number, { given: number; tips: number; returned: number; charges: number }>();
      const of = (year: number) => years.get(year) ?? years.set(year, { given: 0, tips: 0, returned: 0, charges: 0 }).get(year)!;
      for (const charge of charges) {
        const sums = of(yearOf(charge.chargedAt));
        sums.given += charge.chargedCents - charge.tipCents;
        sums.tips += charge.tipCents;
        sums.charges += 1;
      }
      for (const item of returns) of(yearOf(item.at)).returned += item.cents;
      return [...years]
        .sort(([a], [b]) => b - a)
        .map(([year, sums]) => ({
          year,
          given: centsToDollars(sums.given),
          tips: centsToDollars(sums.tips),
          returned: centsToDollars(sums.returned),
          charges: sums.charges,
        }));
    },

    /** The PDF of one year: its charges, and the refunds and disputes booked that year on any of the user's charges. */
    async pdf(userId: string, year: number): Promise<Uint8Array> {
      const user = await usersService.findById(ctx.db, userId);
      if (!user) throw AppError.unauthenticated();
      const giving = await givingOf(userId);
      const returns = giving.returns.filter((item) => yearOf(item.at) === year);
      const charges = giving.charges.filter((charge) => yearOf(charge.chargedAt) === year);
      if (!charges.length && !returns.length) throw AppError.notFound(`No charges in ${year}`);
      return renderStatementPdf({ year, name: user.name, email: user.email, generatedAt: ctx.clock.now(), charges, returns });
    },
  };
}
