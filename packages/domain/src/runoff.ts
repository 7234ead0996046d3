import { dollarsToCents, formatDollars } from './money.ts';

/**
 * Runoff ranking (issue 12, item 2; docs/decisions/067-runoff-ranking.md). Pure and free of zod,
 * so the campaign page can rank the live totals it receives on every change.
 */
export type RunoffWinBy = 'donor_total' | 'donation_total';

/** One option's live figures, as LiveTotals.options sends them (raised in dollars). */
export interface RunoffOptionTotals {
  participant_id: string;
  raised: number;
  supporters: number;
}

export interface RankedRunoffOption {
  participant_id: string;
  raised: number;
  supporters: number;
  /** 1-based; options that share a place have the same number and the next place is skipped (1, 1, 3). */
  place: number;
  /** Why this option sits where it does next to an equal one; null when it is not tied. */
  tieNote: string | null;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function measures(winBy: RunoffWinBy, option: RunoffOptionTotals) {
  const cents = dollarsToCents(option.raised);
  return winBy === 'donor_total' ? { main: option.supporters, second: cents } : { main: cents, second: option.supporters };
}

function mainLabel(winBy: RunoffWinBy, option: RunoffOptionTotals): string {
  return winBy === 'donor_total' ? plural(option.supporters, 'supporter', 'supporters') : `${formatDollars(option.raised)} raised`;
}

function secondLabel(winBy: RunoffWinBy, option: RunoffOptionTotals): string {
  return winBy === 'donor_total' ? `${formatDollars(option.raised)} raised` : plural(option.supporters, 'supporter', 'supporters');
}

/** 1st, 2nd, 3rd, 4th… */
export const ordinal = (place: number) => {
  const tens = place % 100;
  if (tens >= 11 && tens <= 13) return `${place}th`;
  return `${place}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[place % 10] ?? 'th'}`;
};

/**
 * Ranks a runoff's options, leader first. The winning method's measure decides (donor_total:
 * most supporters; donation_total: highest sum). Equal on it, the other measure breaks the tie
 * (more raised, or more supporters). Equal on both, the options share the place and keep the
 * creator's order. Options without a pledge yet rank with zeros; `participantIds` gives that order.
 */
export function rankRunoffOptions(participantIds: readonly string[], options: readonly RunoffOptionTotals[], winBy: RunoffWinBy): RankedRunoffOption[] {
  const byId = new Map(options.map((option) => [option.participant_id, option]));
  const rows = participantIds.map((id, index) => ({ index, option: byId.get(id) ?? { participant_id: id, raised: 0, supporters: 0 } }));
  rows.sort((a, b) => {
    const left = measures(winBy, a.option);
    const right = measures(winBy, b.option);
    return right.main - left.main || right.second - left.second || a.index - b.index;
  });

  const ranked: RankedRunoffOption[] = [];
  rows.forEach(({ option }, position) => {
    const previous = ranked[position - 1];
    const previousOption = rows[position - 1]?.option;
    const shares = previousOption !== undefined && sameBoth(winBy, previousOption, option);
    ranked.push({ ...option, place: shares && previous ? previous.place : position + 1, tieNote: null });
  });
  for (let i = 0; i < ranked.length; i += 1) ranked[i]!.tieNote = tieNoteFor(winBy, ranked, i);
  return ranked;
}

function sameBoth(winBy: RunoffWinBy, a: RunoffOptionTotals, b: RunoffOptionTotals): boolean {
  const left = measures(winBy, a);
  const right = measures(winBy, b);
  return left.main === right.main && left.second === right.second;
}

function tieNoteFor(winBy: RunoffWinBy, ranked: RankedRunoffOption[], index: number): string | null {
  const option = ranked[index]!;
  const main = measures(winBy, option).main;
  const tiedWith = ranked.filter((other, otherIndex) => otherIndex !== index && measures(winBy, other).main === main);
  if (!tiedWith.length) return null;
  const sharing = ranked.filter((other) => other.place === option.place).length;
  if (sharing > 1 && option.supporters === 0) return `No pledges yet: shares ${ordinal(option.place)} place`;
  if (sharing > 1) {
    return `Tied on ${mainLabel(winBy, option)} and ${secondLabel(winBy, option)}: shares ${ordinal(option.place)} place`;
  }
  return `Tied on ${mainLabel(winBy, option)}: placed by ${winBy === 'donor_total' ? 'amount raised' : 'number of supporters'} (${secondLabel(winBy, option)})`;
}

/** The most options a runoff has; charging "all placements" charges places 1 to this. */
export const RUNOFF_ALL_PLACES = 8;

/**
 * Which options a charge of placements 1..`chargedPlaces` charges. A shared place counts whole:
 * two options tied for 1st are both "the winner", and a tie across the boundary of the top N
 * charges every option in it (decision 067), so no supporter's pledge depends on list order.
 */
export function chargedOptionIds(ranked: readonly Pick<RankedRunoffOption, 'participant_id' | 'place'>[], chargedPlaces: number): Set<string> {
  return new Set(ranked.filter((row) => row.place <= chargedPlaces).map((row) => row.participant_id));
}

/** "Only the winner", "The top 3 placements" or "All placements" for a number of charged places. */
export function placementsLabel(places: number | null, optionCount: number = RUNOFF_ALL_PLACES): string {
  if (places === null || places >= Math.min(optionCount, RUNOFF_ALL_PLACES)) return 'All placements';
  if (places === 1) return 'Only the winner';
  return `The top ${places} placements`;
}

/**
 * The charging rule supporters read before they pledge. `chargeablePlaces` is what the creator
 * declared in the wizard: null lets the creator charge any placements at the end.
 */
export function runoffChargeRuleText(chargeablePlaces: number | null): string {
  const shared = 'Options that share a place are charged or released together.';
  if (chargeablePlaces === 1) {
    return `Only pledges to the winning option are charged; pledges to every other option are released uncharged. ${shared}`;
  }
  if (chargeablePlaces === null || chargeablePlaces >= RUNOFF_ALL_PLACES) {
    return `At the end the creator chooses which placements are charged: only the winner, the top few, or all of them. Pledges to options outside the chosen placements are released uncharged. ${shared}`;
  }
  return `At the end the creator charges the winner and may charge placements down to ${ordinal(chargeablePlaces)}; pledges to options placed lower are always released uncharged. ${shared}`;
}
