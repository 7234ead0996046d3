import { describe, expect, it } from 'vitest';
import { chargedOptionIds, placementsLabel, rankRunoffOptions, runoffChargeRuleText } from './runoff.ts';
import { RunoffChargeablePlaces, RunoffPlacementsRequest } from './schemas/runoff.ts';

const ids = ['north', 'south', 'east', 'west'];
const totals = (raised: number, supporters: number) => ({ raised, supporters });
const options = (values: Record<string, { raised: number; supporters: number }>) =>
  Object.entries(values).map(([participant_id, value]) => ({ participant_id, ...value }));
const order = (ranked: { participant_id: string }[]) => ranked.map((row) => row.participant_id);
const places = (ranked: { place: number }[]) => ranked.map((row) => row.place);

describe('runoff ranking', () => {
  it('ranks by number of supporters for Donor Total, whatever the sums', () => {
    const ranked = rankRunoffOptions(ids, options({ north: totals(500, 2), south: totals(30, 3), east: totals(10, 1), west: totals(0, 0) }), 'donor_total');
    expect(order(ranked)).toEqual(['south', 'north', 'east', 'west']);
    expect(places(ranked)).toEqual([1, 2, 3, 4]);
    expect(ranked.every((row) => row.tieNote === null)).toBe(true);
  });

  it('ranks by the sum raised for Donation Total, whatever the head count', () => {
    const ranked = rankRunoffOptions(
      ids,
      options({ north: totals(500, 2), south: totals(30, 3), east: totals(10, 1), west: totals(0.01, 9) }),
      'donation_total',
    );
    expect(order(ranked)).toEqual(['north', 'south', 'east', 'west']);
  });

  it('ranks options nobody has pledged to yet last, in the creator’s order, sharing their place', () => {
    const ranked = rankRunoffOptions(ids, options({ east: totals(25, 1) }), 'donation_total');
    expect(order(ranked)).toEqual(['east', 'north', 'south', 'west']);
    expect(places(ranked)).toEqual([1, 2, 2, 2]);
    expect(ranked[1]!.tieNote).toBe('No pledges yet: shares 2nd place');
  });

  it('breaks a Donation Total tie by number of supporters and says so', () => {
    const ranked = rankRunoffOptions(
      ids,
      options({ north: totals(100, 2), south: totals(100, 5), east: totals(150, 1), west: totals(1, 1) }),
      'donation_total',
    );
    expect(order(ranked)).toEqual(['east', 'south', 'north', 'west']);
    expect(places(ranked)).toEqual([1, 2, 3, 4]);
    expect(ranked[1]!.tieNote).toBe('Tied on $100.00 raised: placed by number of supporters (5 supporters)');
    expect(ranked[2]!.tieNote).toBe('Tied on $100.00 raised: placed by number of supporters (2 supporters)');
    expect(ranked[0]!.tieNote).toBeNull();
  });

  it('breaks a Donor Total tie by amount raised, compared in cents', () => {
    const ranked = rankRunoffOptions(['a', 'b'], options({ a: totals(20.1, 2), b: totals(20.2, 2) }), 'donor_total');
    expect(order(ranked)).toEqual(['b', 'a']);
    expect(ranked[0]!.tieNote).toBe('Tied on 2 supporters: placed by amount raised ($20.20 raised)');
  });

  it('lets options equal on both measures share first place, listed in the creator’s order', () => {
    const ranked = rankRunoffOptions(ids, options({ north: totals(40, 4), south: totals(40, 4), east: totals(40, 4), west: totals(50, 1) }), 'donor_total');
    expect(order(ranked)).toEqual(['north', 'south', 'east', 'west']);
    expect(places(ranked)).toEqual([1, 1, 1, 4]);
    expect(ranked[0]!.tieNote).toBe('Tied on 4 supporters and $40.00 raised: shares 1st place');
    expect(ranked[3]!.tieNote).toBeNull();
  });

  it('ignores totals of options that are not in the list', () => {
    const ranked = rankRunoffOptions(['a'], options({ a: totals(1, 1), gone: totals(999, 99) }), 'donation_total');
    expect(order(ranked)).toEqual(['a']);
  });
});

describe('placement charging', () => {
  const ranked = (supporters: Record<string, number>) =>
    rankRunoffOptions(ids, options(Object.fromEntries(Object.entries(supporters).map(([id, count]) => [id, totals(count * 10, count)]))), 'donor_total');

  it('charges placements 1 to N, and every option sharing a place inside it', () => {
    const order = ranked({ north: 3, south: 2, east: 2, west: 1 });
    expect(places(order)).toEqual([1, 2, 2, 4]);
    expect([...chargedOptionIds(order, 1)]).toEqual(['north']);
    // South and east share 2nd: "the top 2" charges both, so the charge never depends on list order.
    expect([...chargedOptionIds(order, 2)].sort()).toEqual(['east', 'north', 'south']);
    expect([...chargedOptionIds(order, 3)].sort()).toEqual(['east', 'north', 'south']);
    expect(chargedOptionIds(order, 8).size).toBe(4);
  });

  it('treats a shared first place as the winner', () => {
    const order = ranked({ north: 2, south: 2, east: 1, west: 0 });
    expect([...chargedOptionIds(order, 1)].sort()).toEqual(['north', 'south']);
  });

  it('names the choice and the rule supporters read', () => {
    expect(placementsLabel(1, 4)).toBe('Only the winner');
    expect(placementsLabel(3, 4)).toBe('The top 3 placements');
    expect(placementsLabel(4, 4)).toBe('All placements');
    expect(placementsLabel(8, 4)).toBe('All placements');
    expect(runoffChargeRuleText(1)).toMatch(/^Only pledges to the winning option are charged/);
    expect(runoffChargeRuleText(3)).toMatch(/may charge placements down to 3rd; pledges to options placed lower are always released uncharged/);
    expect(runoffChargeRuleText(null)).toMatch(/^At the end the creator chooses which placements are charged/);
  });

  it("reads the creator's choice and the declared rule with clear messages", () => {
    expect(RunoffPlacementsRequest.parse({ charge: 'winner' })).toEqual({ charge: 'winner', places: 1 });
    expect(RunoffPlacementsRequest.parse({ charge: 'top', places: 3 })).toEqual({ charge: 'top', places: 3 });
    expect(RunoffPlacementsRequest.parse({ charge: 'all' })).toEqual({ charge: 'all', places: 8 });
    const missing = RunoffPlacementsRequest.safeParse({ charge: 'top' });
    expect(missing.error?.issues[0]?.message).toBe('Choose how many placements are charged (2 to 7)');
    expect(RunoffPlacementsRequest.safeParse({ charge: 'top', places: 8 }).success).toBe(false);
    expect(RunoffChargeablePlaces.parse('all')).toBeNull();
    expect(RunoffChargeablePlaces.parse(undefined)).toBeNull();
    expect(RunoffChargeablePlaces.parse('3')).toBe(3);
    expect(RunoffChargeablePlaces.safeParse(9).error?.issues[0]?.message).toBe('Choose which placements may be charged');
  });
});
