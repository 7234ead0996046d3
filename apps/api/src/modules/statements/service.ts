import { centsToDollars, type StatementYear } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { usersService } from '../users/service.ts';
import { renderStatementPdf } from './pdf.ts';
import { statementsRepository as repo } from './repository.ts';

const yearOf = (date: Date) => date.getUTCFullYear();

/** Giving statements (decision 113): a supporter's own charges per calendar year, as a list and as a PDF. */
export function createStatementsService(ctx: AppContext) {
  return {
    /** The years with a charge or money back, newest first, with their sums. */
    async years(userId: string): Promise<StatementYear[]> {
      const charges = await repo.charges(ctx.db, userId);
      const returns = await repo.returns(
        ctx.db,
        charges.map((charge) => charge.pledgeId),
      );
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
      const all = await repo.charges(ctx.db, userId);
      const returns = (
        await repo.returns(
          ctx.db,
          all.map((charge) => charge.pledgeId),
        )
      ).filter((item) => yearOf(item.at) === year);
      const charges = all.filter((charge) => yearOf(charge.chargedAt) === year);
      if (!charges.length && !returns.length) throw AppError.notFound(`No charges in ${year}`);
      return renderStatementPdf({ year, name: user.name, email: user.email, generatedAt: ctx.clock.now(), charges, returns });
    },
  };
}
