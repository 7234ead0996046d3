/**
 * The idempotency key of each ledger transaction: one movement of money is posted once under its
 * key (`ledgerRepository.post`), so a repeated post answers the first. Rows already in the books
 * carry these keys, so a builder's output never changes (keys.test.ts pins each one). Where the
 * same key names the movement elsewhere too (a donation's row and charge, a transfer's row and
 * provider call, a refund's provider call), the caller builds it here and passes it on.
 */
export const ledgerKeys = {
  /** `pledge_charge`: a supporter's pledge charged, once per pledge. */
  pledgeCharge: (pledgeId: string) => `pledge-charge:${pledgeId}`,
  /** `match_charge`: a match's pledge charged. */
  matchCharge: (pledgeId: string) => `match-charge:${pledgeId}`,
  /** `match_top_up`: a match's top-up pledge charged. */
  matchTopUp: (pledgeId: string) => `match-top-up:${pledgeId}`,
  /** `funding_charge`: the creator's funding charged, once per charge attempt. */
  fundingCharge: (pledgeId: string, retryCount: number) => `funding-charge:${pledgeId}:${retryCount}`,
  /** `funding_settlement`: the escrowed funding settled by the charge run. */
  fundingSettlement: (pledgeId: string) => `funding-settlement:${pledgeId}`,
  /** `funding_refund`: the escrowed funding refunded (also the provider's key of the refund). */
  fundingRefund: (pledgeId: string) => `funding-refund:${pledgeId}`,
  /** `dispute_opened`: a provider's dispute booked. */
  disputeOpened: (provider: string, disputeRef: string) => `dispute-opened:${provider}:${disputeRef}`,
  /** `dispute_won`: a dispute's opening reversed. */
  disputeWon: (provider: string, disputeRef: string) => `dispute-won:${provider}:${disputeRef}`,
  /** `payout`: a payout recorded by an admin, under the payout's own id. */
  payout: (payoutId: string) => `payout:${payoutId}`,
  /** `transfer`: a charge's share sent to the charity's connected account (also the transfer's key). */
  transfer: (sourceTransactionId: string) => `transfer:${sourceTransactionId}`,
  /** `transfer`: a reversal sent again after its dispute was won. */
  transferAgain: (reversalId: string) => `transfer-again:${reversalId}`,
  /** `transfer_reversal`: a transfer taken back for a dispute. */
  transferReversal: (provider: string, disputeRef: string, transferId: string) => `transfer-reversal:${provider}:${disputeRef}:${transferId}`,
  /** `donation`: a visitor's donation by a single-use card token (also the donation's and its charge's key). */
  donationByToken: (token: string) => `donation_${token}`,
  /** `donation`: a signed-in donor's donation by a saved method, under the request's Idempotency-Key. */
  donationBySavedMethod: (userId: string, requestKey: string) => `donation_${userId}_${requestKey}`,
  /** `donation`: a visitor's donation by a PaymentMethod Stripe.js made (decision 245), under the request's Idempotency-Key. */
  donationByStripePaymentMethod: (methodRef: string, requestKey: string) => `donation_${methodRef}_${requestKey}`,
  /** `monthly_gift`: a month's gift charged, one per gift and period whatever the attempts. */
  monthlyGift: (giftId: string, period: string) => `recurring:${giftId}:${period}`,
};

/** `ledgerKeys.monthlyGift` as a SQL expression of two columns or parameters, for a query that joins a month's charge to its posting. */
export function monthlyGiftKeySql(giftId: string, period: string): string {
  return `'recurring:' || ${giftId} || ':' || ${period}`;
}
