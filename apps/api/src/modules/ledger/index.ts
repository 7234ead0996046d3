// The ledger's face (CONTRIBUTING.md, 'API modules'): what other modules may use of it. Its
// repositories take the caller's transaction, so a posting commits or rolls back with the change it
// records; the payout order is the one SQL rule of which money a payout reached, shared by the
// payouts, the open ledger and the charity portal so that they agree.
export { ledgerRoutes as ledgerModule } from './routes.ts';
export { kindsOnStatement, returnedKind, type ReturnedKind } from './kinds.ts';
export { ledgerKeys, monthlyGiftKeySql } from './keys.ts';
export { campaignMoneyInPayoutOrder, campaignsInPayoutOrder, CONNECT_KINDS, recordedPayoutsInOrder } from './payout-order-repository.ts';
export {
  disputeOpenedEntries,
  disputeShares,
  disputeWonEntries,
  fundingChargeEntries,
  fundingRefundEntries,
  fundingSettlementEntries,
  payoutEntries,
  pledgeChargeEntries,
  transferEntries,
  transferReversalEntries,
} from './postings.ts';
export { hasMoneyTrail, ledgerRepository, type LedgerEntryInput, type LedgerTransactionInput } from './repository.ts';
