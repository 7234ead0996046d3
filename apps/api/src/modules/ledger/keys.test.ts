import { describe, expect, it } from 'vitest';
import { ledgerKeys, monthlyGiftKeySql } from './keys.ts';

// Rows already in the books carry these keys: a builder that changed its output would post a
// movement a second time. Each is pinned to the text it has always written.
describe('ledger idempotency keys', () => {
  it('are byte for byte the keys the books already hold', () => {
    expect(ledgerKeys.pledgeCharge('p1')).toBe('pledge-charge:p1');
    expect(ledgerKeys.matchCharge('p1')).toBe('match-charge:p1');
    expect(ledgerKeys.matchTopUp('p1')).toBe('match-top-up:p1');
    expect(ledgerKeys.fundingCharge('p1', 0)).toBe('funding-charge:p1:0');
    expect(ledgerKeys.fundingCharge('p1', 2)).toBe('funding-charge:p1:2');
    expect(ledgerKeys.fundingSettlement('p1')).toBe('funding-settlement:p1');
    expect(ledgerKeys.fundingRefund('p1')).toBe('funding-refund:p1');
    expect(ledgerKeys.disputeOpened('stripe', 'dp_1')).toBe('dispute-opened:stripe:dp_1');
    expect(ledgerKeys.disputeWon('sandbox', 'dp_1')).toBe('dispute-won:sandbox:dp_1');
    expect(ledgerKeys.payout('po1')).toBe('payout:po1');
    expect(ledgerKeys.transfer('tx1')).toBe('transfer:tx1');
    expect(ledgerKeys.transferAgain('rv1')).toBe('transfer-again:rv1');
    expect(ledgerKeys.transferReversal('stripe', 'dp_1', 'tr1')).toBe('transfer-reversal:stripe:dp_1:tr1');
    expect(ledgerKeys.donationByToken('tok_1')).toBe('donation_tok_1');
    expect(ledgerKeys.donationBySavedMethod('u1', 'k1')).toBe('donation_u1_k1');
    expect(ledgerKeys.donationByStripePaymentMethod('pm_1', 'k1')).toBe('donation_pm_1_k1');
    expect(ledgerKeys.monthlyGift('g1', '2026-11')).toBe('recurring:g1:2026-11');
  });

  it('spells the monthly key in SQL as in TypeScript', () => {
    expect(monthlyGiftKeySql('c.gift_id', 'c.period')).toBe("'recurring:' || c.gift_id || ':' || c.period");
  });

  it('has a test line for every builder', () => {
    expect(Object.keys(ledgerKeys).sort()).toEqual(
      [
        'disputeOpened',
        'disputeWon',
        'donationBySavedMethod',
        'donationByStripePaymentMethod',
        'donationByToken',
        'fundingCharge',
        'fundingRefund',
        'fundingSettlement',
        'matchCharge',
        'matchTopUp',
        'monthlyGift',
        'payout',
        'pledgeCharge',
        'transfer',
        'transferAgain',
        'transferReversal',
      ].sort(),
    );
  });
});
