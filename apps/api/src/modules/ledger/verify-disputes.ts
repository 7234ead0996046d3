/** verify.ts's `Query`, named here so the two files do not import each other. */
type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

const n = (value: unknown) => Number(value ?? 0);

/**
 * Disputes (decision 093): every booked dispute's opening gave the disputed amount back to the card
 * and paid its fee, a won one has its reversal and only a won one; with the sandbox, whose disputes
 * can be read with their status, every booked one stands where the provider's does. That every
 * provider dispute is booked, and every booked one is the provider's, is the reconciliation's part
 * (`reconcile.ts`, kinds `dispute` and `dispute_reversal`), with either provider.
 */
export async function checkDisputes(query: Query, problems: string[], compareProvider: boolean): Promise<void> {
  const booked = await query<{ ref: string; status: string; amount: string; fee: string; to_card: string | null; fees: string | null; won: string }>(
    `select d.provider_dispute_ref as ref, d.status, d.amount_cents as amount, d.fee_cents as fee,
       (select sum(amount_cents) from ledger_entries where transaction_id = d.opened_transaction_id and account = 'donor_card') as to_card,
       (select sum(amount_cents) from ledger_entries where transaction_id = d.opened_transaction_id and account = 'card_processing_fees') as fees,
       (select count(*) from ledger_transactions t where t.kind = 'dispute_won' and t.provider_ref = d.provider_dispute_ref) as won
     from disputes d`,
  );
  for (const row of booked) {
    if (n(row.to_card) !== n(row.amount) || n(row.fees) !== n(row.fee)) {
      problems.push(`dispute ${row.ref}: ${row.amount} (fee ${row.fee}) disputed, the ledger gave back ${n(row.to_card)} (fee ${n(row.fees)})`);
    }
    if ((row.status === 'won') !== (n(row.won) === 1)) problems.push(`dispute ${row.ref} is ${row.status} but has ${row.won} reversal(s) in the ledger`);
  }
  if (!compareProvider) return;
  // The amounts are the reconciliation's; a lost dispute moves nothing there, so its status is compared here.
  const provider = await query<{ ref: string; status: string; booked_status: string }>(
    `select s.id as ref, s.status, d.status as booked_status
     from sandbox_disputes s
     join disputes d on d.provider = 'sandbox' and d.provider_dispute_ref = s.id`,
  );
  for (const row of provider) {
    if ((row.status === 'needs_response' ? 'open' : row.status) !== row.booked_status) {
      problems.push(`dispute ${row.ref}: the provider says ${row.status}, the books ${row.booked_status}`);
    }
  }
}
