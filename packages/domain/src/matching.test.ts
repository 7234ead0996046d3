import { describe, expect, it } from 'vitest';
import { isMatched, matchAmountCents, matchTopUpCents, type MatchTerms } from './matching.ts';

const at = (iso: string) => new Date(iso);
const terms = (over: Partial<MatchTerms> = {}): MatchTerms => ({ ratio: 1, capCents: 100_000, startsAt: null, endsAt: null, optionId: null, ...over });
const pledge = (amountCents: number, createdAt = '2026-11-20T18:00:00Z', optionId: string | null = null) => ({
  amountCents,
  createdAt: at(createdAt),
  optionId,
});

describe('matchAmountCents', () => {
  it('matches 1:1 below the cap', () => {
    expect(matchAmountCents(terms(), [pledge(2_500), pledge(4_000)])).toBe(6_500);
  });
  it('doubles at 2:1', () => {
    expect(matchAmountCents(terms({ ratio: 2 }), [pledge(2_500), pledge(4_001)])).toBe(13_002);
  });
  it('stops at the cap', () => {
    expect(matchAmountCents(terms({ ratio: 2, capCents: 10_000 }), [pledge(4_000), pledge(3_000)])).toBe(10_000);
  });
  it('leaves out pledges outside the window: the end is exclusive, the start inclusive', () => {
    const window = terms({ startsAt: at('2026-11-20T12:00:00Z'), endsAt: at('2026-11-20T20:00:00Z') });
    const pledges = [pledge(1_000, '2026-11-20T11:59:59Z'), pledge(2_000, '2026-11-20T12:00:00Z'), pledge(4_000, '2026-11-20T20:00:00Z')];
    expect(matchAmountCents(window, pledges)).toBe(2_000);
  });
  it('matches only the runoff option it names', () => {
    expect(matchAmountCents(terms({ optionId: 'a' }), [pledge(1_000, undefined, 'a'), pledge(5_000, undefined, 'b')])).toBe(1_000);
    expect(isMatched(terms(), pledge(5_000, undefined, 'b'))).toBe(true);
  });
  it('is zero with nothing to match', () => {
    expect(matchAmountCents(terms(), [])).toBe(0);
  });
});

describe('matchTopUpCents', () => {
  it('adds ratio × the recovered pledge while the cap leaves room', () => {
    expect(matchTopUpCents(terms({ ratio: 2, capCents: 50_000 }), 4_000, pledge(3_000))).toBe(6_000);
  });
  it('adds only what the cap leaves, and nothing once it is reached', () => {
    expect(matchTopUpCents(terms({ capCents: 5_000 }), 4_000, pledge(3_000))).toBe(1_000);
    expect(matchTopUpCents(terms({ capCents: 5_000 }), 5_000, pledge(3_000))).toBe(0);
  });
  it('adds nothing for a pledge the match does not cover', () => {
    const window = terms({ endsAt: at('2026-11-20T12:00:00Z') });
    expect(matchTopUpCents(window, 0, pledge(3_000, '2026-11-20T12:00:00Z'))).toBe(0);
    expect(matchTopUpCents(terms({ optionId: 'a' }), 0, pledge(3_000, undefined, 'b'))).toBe(0);
  });
  it('never lowers a match fixed above the cap left', () => {
    expect(matchTopUpCents(terms({ capCents: 5_000 }), 6_000, pledge(1_000))).toBe(0);
  });
});
