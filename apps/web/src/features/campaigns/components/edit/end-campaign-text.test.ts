import { describe, expect, it } from 'vitest';
import type { LifecyclePreview } from '@pledgeway/domain/schemas/lifecycle';
import { closeMoneyLines } from './end-campaign-text';

const close = (released_pledges: number, released_amount: number): LifecyclePreview =>
  ({
    close: { allowed: true, funding_amount: null, refund_amount: 0, kept_amount: 0, released_pledges, released_amount, released_matches: 0 },
  }) as LifecyclePreview;

describe('what Close says of the released pledges', () => {
  it('says "it" of one pledge and "them" of several', () => {
    expect(closeMoneyLines(close(1, 20))).toContain('1 pledge ($20.00) released: nobody is charged for it.');
    expect(closeMoneyLines(close(2, 65))).toContain('2 pledges ($65.00) released: nobody is charged for them.');
  });
});
