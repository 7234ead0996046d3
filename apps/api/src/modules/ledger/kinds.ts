/**
 * Every kind of ledger transaction the platform books. `LedgerTransactionInput.kind` is one of
 * these, so a new kind is added here first, and the table below then fails to compile until it is
 * placed on a giving statement (decision 113). The database holds the same list as a CHECK
 * constraint (`ledger_transactions_kind`, db/schema.ts), so a new kind also needs a migration; its
 * idempotency key is built in keys.ts.
 */
export const LEDGER_KINDS = [
  'pledge_charge',
  'match_charge',
  'match_top_up',
  'funding_charge',
  'funding_settlement',
  'funding_refund',
  'dispute_opened',
  'dispute_won',
  'payout',
  'transfer',
  'transfer_reversal',
  'donation',
  'monthly_gift',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Where a kind's `donor_card` entries fall on the giving statement of the pledge's supporter:
 * `given`: a charge of the card, money given (the statement lists it from the charge itself);
 * `returned`: money back to the card, or taken again after it came back (a refund, a dispute);
 * `not_on_statement`: the platform's own bookkeeping, which never touches the supporter's card.
 */
export type StatementSide = 'given' | 'returned' | 'not_on_statement';

export const STATEMENT_SIDE = {
  pledge_charge: 'given',
  match_charge: 'given',
  match_top_up: 'given',
  funding_charge: 'given',
  donation: 'given',
  monthly_gift: 'given',
  funding_refund: 'returned',
  dispute_opened: 'returned',
  dispute_won: 'returned',
  funding_settlement: 'not_on_statement',
  payout: 'not_on_statement',
  transfer: 'not_on_statement',
  transfer_reversal: 'not_on_statement',
} as const satisfies Record<LedgerKind, StatementSide>;

/** The kinds whose movements are money returned to (or taken again from) a supporter's card. */
export type ReturnedKind = { [Kind in LedgerKind]: (typeof STATEMENT_SIDE)[Kind] extends 'returned' ? Kind : never }[LedgerKind];

/** The kinds on one side of the statement, for a query's `kind in (…)`. */
export function kindsOnStatement(side: StatementSide): LedgerKind[] {
  return LEDGER_KINDS.filter((kind) => STATEMENT_SIDE[kind] === side);
}

/** A kind read back from the ledger as returned money; any other is a fault of the query that read it. */
export function returnedKind(kind: string): ReturnedKind {
  const side = (STATEMENT_SIDE as Record<string, StatementSide | undefined>)[kind];
  if (side !== 'returned') throw new Error(`ledger kind ${kind} is not money returned to a card`);
  return kind as ReturnedKind;
}
