import { formatDollars } from '@pledgeway/domain/money';
import { rankRunoffOptions, type RunoffOptionTotals, type RunoffWinBy } from '@pledgeway/domain/runoff';
import type { ParticipantResponse } from '@pledgeway/domain/schemas/event-response';
import type { RunoffResultRow } from '@pledgeway/domain/schemas/runoff';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';

interface RunoffRankingProps {
  /** The event detail's participants: the runoff's options, in the creator's order. */
  participants: ParticipantResponse[];
  /** LiveTotals.options: each option's raised sum (dollars) and supporters. */
  options: RunoffOptionTotals[];
  winBy: RunoffWinBy;
  /** The settled runoff's kept ranking: shown instead of the live one, with what was charged. */
  result?: RunoffResultRow[] | null;
}

interface RankingRow {
  participant_id: string;
  raised: number;
  supporters: number;
  place: number;
  tieNote: string | null;
  /** Only once settled: whether this option's pledges were charged. */
  charged?: boolean;
}

function rowsFor({ participants, options, winBy, result }: RunoffRankingProps): RankingRow[] {
  if (result?.length) return result.map((row) => ({ ...row, tieNote: row.tie_note }));
  return rankRunoffOptions(
    participants.map((person) => person._id),
    options,
    winBy,
  );
}

const TIE_TEXT: Record<RunoffWinBy, string> = {
  donor_total: 'Options with as many supporters are placed by the amount raised; equal on both, they share the place.',
  donation_total: 'Options with the same sum are placed by the number of supporters; equal on both, they share the place.',
};

const WIN_BY_TEXT: Record<RunoffWinBy, string> = {
  donor_total: 'Donor Total: the option with the most supporters wins.',
  donation_total: 'Donation Total: the option with the highest sum wins.',
};

/**
 * The live ranking of a runoff, leader on top. Ties are explained on the row: the other measure
 * places them, and options equal on both share the place (docs/decisions/067-runoff-ranking.md).
 */
export function RunoffRanking(props: RunoffRankingProps) {
  const { participants, winBy } = props;
  const people = new Map(participants.map((person) => [person._id, person]));
  const ranked = rowsFor(props);
  const settled = Boolean(props.result?.length);
  const leaderMeasure = Math.max(1, ...ranked.map((row) => (winBy === 'donor_total' ? row.supporters : row.raised)));
  const anyPledge = ranked.some((row) => row.supporters > 0);

  return (
    <section aria-labelledby="ranking-heading" className="card min-w-0 p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="ranking-heading" className="text-xl font-bold">
          {settled ? 'Final ranking' : 'Ranking'}
        </h2>
        {!settled && (
          <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-ink-600">
            <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-emerald-500 motion-reduce:animate-none" /> Live
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-ink-600">
        {WIN_BY_TEXT[winBy]} {TIE_TEXT[winBy]}
      </p>
      {!anyPledge && <p className="mt-3 text-sm text-ink-600">No pledges yet: every option shares first place until the first pledge.</p>}
      <ol className="mt-4 grid gap-3">
        {ranked.map((row) => {
          const person = people.get(row.participant_id);
          const measure = winBy === 'donor_total' ? row.supporters : row.raised;
          const width = Math.min(100, (measure / leaderMeasure) * 100);
          const leading = anyPledge && row.place === 1;
          return (
            <li key={row.participant_id} className="rounded-xl bg-ink-50 p-3 sm:p-4" data-testid="ranking-row" data-participant={row.participant_id}>
              <div className="flex items-center gap-3">
                <span className="w-6 shrink-0 text-center font-display sm:w-10 text-lg font-bold text-ink-900" aria-label={`Place ${row.place}`}>
                  {row.place}
                </span>
                <Avatar src={person?.profile_image_url} className="size-10" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    <span className="min-w-0">{person?.full_name ?? 'Option'}</span>
                    {leading && (
                      <Badge tone="green">
                        {ranked.filter((other) => other.place === 1).length > 1
                          ? settled
                            ? 'Shared win'
                            : 'Tied for the lead'
                          : settled
                            ? 'Winner'
                            : 'Leading'}
                      </Badge>
                    )}
                    {row.charged !== undefined && (row.charged ? <Badge tone="blue">Charged</Badge> : <Badge tone="grey">Released</Badge>)}
                  </p>
                  <p className="text-sm text-ink-600">
                    {winBy === 'donor_total' ? (
                      <>
                        <strong className="text-ink-900">{row.supporters}</strong> {row.supporters === 1 ? 'supporter' : 'supporters'} ·{' '}
                        {formatDollars(row.raised)}
                      </>
                    ) : (
                      <>
                        <strong className="text-ink-900">{formatDollars(row.raised)}</strong> · {row.supporters}{' '}
                        {row.supporters === 1 ? 'supporter' : 'supporters'}
                      </>
                    )}
                  </p>
                </div>
              </div>
              <div className="mt-2 h-2 overflow-hidden rounded-full bg-white" aria-hidden="true">
                <div className="h-full rounded-full bg-brand-500" style={{ width: `${width}%` }} />
              </div>
              {anyPledge && row.tieNote && <p className="mt-2 text-xs font-medium text-ink-600">{row.tieNote}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
