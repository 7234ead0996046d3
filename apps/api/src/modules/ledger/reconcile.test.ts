import { describe, expect, it } from 'vitest';
import type { ProviderMovement } from '../../providers/payments/index.ts';
import { reconcile, type Posting } from './reconcile.ts';

const at = new Date('2026-11-25T12:00:00Z');
const charge = (ref: string, amountCents: number): ProviderMovement => ({ kind: 'charge', ref, amountCents, createdAt: at });
const refund = (ref: string, chargeRef: string, amountCents: number): ProviderMovement => ({ kind: 'refund', ref, chargeRef, amountCents, createdAt: at });
const posting = (kind: Posting['kind'], ref: string | null, amountCents: number, transactionId: string): Posting => ({ kind, ref, amountCents, transactionId });

describe('two-way reconciliation', () => {
  it('passes when every movement has exactly one posting of the same amount, and counts both sides per kind', () => {
    const result = reconcile(
      [charge('ch_1', 12_000), refund('re_1', 'ch_1', 2_000)],
      [posting('charge', 'ch_1', 12_000, 't1'), posting('refund', 're_1', 2_000, 't2')],
    );
    expect(result.problems).toEqual([]);
    expect(result.reconciliation.compared).toEqual([
      { kind: 'charge', provider: 1, postings: 1 },
      { kind: 'refund', provider: 1, postings: 1 },
    ]);
  });

  it('reports each direction, a second posting of one movement and a different amount', () => {
    const result = reconcile(
      [charge('ch_unbooked', 89_680), charge('ch_twice', 5_000), charge('ch_amount', 5_000), refund('re_unbooked', 'ch_amount', 1_000)],
      [
        posting('charge', 'ch_twice', 5_000, 't1'),
        posting('charge', 'ch_twice', 5_000, 't2'),
        posting('charge', 'ch_amount', 4_999, 't3'),
        posting('refund', 're_invented', 700, 't4'),
        posting('charge', null, 300, 't5'),
      ],
    );
    expect(result.reconciliation.provider_without_posting).toEqual([
      { kind: 'charge', ref: 'ch_unbooked', amount: 896.8 },
      { kind: 'refund', ref: 're_unbooked', amount: 10 },
    ]);
    expect(result.reconciliation.posting_without_provider).toEqual([
      { kind: 'charge', ref: '', amount: 3, transaction_id: 't5' },
      { kind: 'refund', ref: 're_invented', amount: 7, transaction_id: 't4' },
    ]);
    expect(result.problems).toEqual([
      "the provider's charge ch_unbooked of $896.80 has no posting in the ledger",
      "the provider's charge ch_twice is posted 2 times (t1, t2)",
      'charge ch_amount: the provider moved $50.00, the ledger $49.99',
      'posting t5 records the charge (no reference) the provider has no record of',
      "the provider's refund re_unbooked of $10.00 has no posting in the ledger",
      'posting t4 records the refund re_invented the provider has no record of',
    ]);
  });

  it('lists apart a charge the provider returned in full with nothing booked either way, but not one returned in part', () => {
    const result = reconcile(
      [charge('pi_orphan', 10_000), refund('re_orphan', 'pi_orphan', 10_000), charge('pi_part', 10_000), refund('re_part', 'pi_part', 9_000)],
      [],
    );
    expect(result.reconciliation.returned_unbooked).toEqual([{ kind: 'charge', ref: 'pi_orphan', amount: 100 }]);
    expect(result.reconciliation.provider_without_posting.map((item) => item.ref)).toEqual(['pi_part', 're_part']);
  });
});
