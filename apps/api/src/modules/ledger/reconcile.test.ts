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
      { kind: 'dispute', provider: 0, postings: 0 },
      { kind: 'dispute_reversal', provider: 0, postings: 0 },
      { kind: 'transfer', provider: 0, postings: 0 },
      { kind: 'transfer_reversal', provider: 0, postings: 0 },
    ]);
  });

  it('compares disputes and their reversals both ways: one the books lack, one they invented, one reversed only in the books', () => {
    const dispute = (ref: string, chargeRef: string, amountCents: number, kind: 'dispute' | 'dispute_reversal' = 'dispute'): ProviderMovement => ({
      kind,
      ref,
      chargeRef,
      amountCents,
      createdAt: at,
    });
    const result = reconcile(
      [charge('ch_1', 12_000), dispute('dp_booked', 'ch_1', 12_000), dispute('dp_donation', 'ch_2', 4_000), charge('ch_2', 4_000)],
      [
        posting('charge', 'ch_1', 12_000, 't1'),
        posting('charge', 'ch_2', 4_000, 't2'),
        posting('dispute', 'dp_booked', 12_000, 't3'),
        posting('dispute_reversal', 'dp_booked', 12_000, 't4'),
        posting('dispute', 'dp_invented', 500, 't5'),
      ],
    );
    expect(result.problems).toEqual([
      "the provider's dispute dp_donation of $40.00 has no posting in the ledger",
      'posting t5 records the dispute dp_invented the provider has no record of',
      'posting t4 records the dispute reversal dp_booked the provider has no record of',
    ]);
    expect(result.reconciliation.compared.slice(2)).toEqual([
      { kind: 'dispute', provider: 2, postings: 2 },
      { kind: 'dispute_reversal', provider: 0, postings: 1 },
      { kind: 'transfer', provider: 0, postings: 0 },
      { kind: 'transfer_reversal', provider: 0, postings: 0 },
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

  it('compares transfers to charities and their reversals both ways: one the books lack, one of another amount, one the provider lacks', () => {
    const moved = (kind: 'transfer' | 'transfer_reversal', ref: string, amountCents: number): ProviderMovement => ({ kind, ref, amountCents, createdAt: at });
    const result = reconcile(
      [
        moved('transfer', 'tr_booked', 9_322),
        moved('transfer', 'tr_planted', 4_321),
        moved('transfer', 'tr_amount', 10_000),
        moved('transfer_reversal', 'trr_booked', 9_322),
      ],
      [
        posting('transfer', 'tr_booked', 9_322, 't1'),
        posting('transfer', 'tr_amount', 9_999, 't2'),
        posting('transfer_reversal', 'trr_booked', 9_322, 't3'),
        posting('transfer_reversal', 'trr_invented', 100, 't4'),
      ],
    );
    expect(result.problems).toEqual([
      "the provider's transfer tr_planted of $43.21 has no posting in the ledger",
      'transfer tr_amount: the provider moved $100.00, the ledger $99.99',
      'posting t4 records the transfer reversal trr_invented the provider has no record of',
    ]);
    expect(result.reconciliation.compared.slice(4)).toEqual([
      { kind: 'transfer', provider: 3, postings: 2 },
      { kind: 'transfer_reversal', provider: 1, postings: 2 },
    ]);
  });
});
