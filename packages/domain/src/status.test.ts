import { describe, expect, it } from 'vitest';
import { allowedTransitions, canTransition, EVENT_STATUSES, statusBadge, statusNotice } from './status.ts';

describe('campaign status rules', () => {
  it('lets an admin approve, reject, freeze and unfreeze', () => {
    expect(canTransition('pending', 'approved', 'admin')).toBe(true);
    expect(canTransition('pending', 'rejected', 'admin')).toBe(true);
    expect(canTransition('approved', 'freeze', 'admin')).toBe(true);
    expect(canTransition('freeze', 'approved', 'admin')).toBe(true);
  });

  it('lets the owner only resubmit, close or complete', () => {
    expect(allowedTransitions('pending', 'owner')).toEqual([]);
    expect(canTransition('pending', 'approved', 'owner')).toBe(false);
    expect(canTransition('rejected', 'pending', 'owner')).toBe(true);
    expect(canTransition('approved', 'close', 'owner')).toBe(true);
    expect(canTransition('completed', 'approved', 'owner')).toBe(false);
  });

  it('maps statuses to SPEC badge colours', () => {
    expect(statusBadge('approved')).toEqual({ label: 'Active', tone: 'green' });
    expect(statusBadge('pending').tone).toBe('yellow');
    expect(statusBadge('completed').tone).toBe('blue');
    expect(statusBadge('cancelled').tone).toBe('red');
    expect(statusBadge('close').tone).toBe('grey');
    expect(statusBadge(undefined).label).toBe('Draft');
  });

  it('says in words what a campaign that is not live means, for every status, never its code', () => {
    expect(statusNotice('approved')).toBeNull();
    expect(statusNotice('freeze')).toBe('This campaign is frozen: it is not taking pledges right now.');
    for (const status of EVENT_STATUSES.filter((status) => status !== 'approved')) {
      const notice = statusNotice(status)!;
      expect(notice, status).toMatch(/^This campaign /);
      expect(notice, status).not.toMatch(new RegExp(`\\b${status}\\.`));
    }
  });
});
