/** verify.ts's `Query`, named here so the two files do not import each other. */
type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

const n = (value: unknown) => Number(value ?? 0);

/**
 * Disputes both ways (decision 093): every booked dispute's opening gave the disputed amount back
 * to the card and paid its fee, a won one has its reversal and only a won one; with the sandbox,
 * every dispute the provider opened, on whatever charge, is booked with its amount and fee. A
 * dispute of a donation is not booked yet (decision 093), so it is named as such: the provider took
 * that money back while the books still owe it to the charity.
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
  const provider = await query<{
    ref: string;
    amount: string;
    fee: string;
    status: string;
    charge: string;
    of_pledge: boolean;
    of_donation: boolean;
    booked_amount: string | null;
    booked_status: string | null;
  }>(
    `select s.id as ref, s.amount_cents as amount, s.fee_cents as fee, s.status, s.charge_id as charge,
       exists (select 1 from pledges p where p.provider_charge_ref = s.charge_id) as of_pledge,
       exists (select 1 from charity_donations c where c.provider_charge_ref = s.charge_id) as of_donation,
       d.amount_cents as booked_amount, d.status as booked_status
     from sandbox_disputes s
     left join disputes d on d.provider = 'sandbox' and d.provider_dispute_ref = s.id`,
  );
  for (const row of provider) {
    if (row.booked_amount === null) problems.push(unbookedDispute(row));
    else if (n(row.booked_amount) !== n(row.amount)) problems.push(`dispute ${row.ref}: the provider disputed ${row.amount}, the books ${row.booked_amount}`);
    else if ((row.status === 'needs_response' ? 'open' : row.status) !== row.booked_status) {
      problems.push(`dispute ${row.ref}: the provider says ${row.status}, the books ${row.booked_status}`);
    }
  }
}

function unbookedDispute(row: { ref: string; amount: string; charge: string; of_pledge: boolean; of_donation: boolean }): string {
  const unbooked = `the provider's dispute ${row.ref} of ${row.amount} is not in the ledger`;
  if (row.of_pledge) return unbooked;
  if (row.of_donation) return `${unbooked}: it disputes the donation charge ${row.charge}, and disputes of donations are not booked yet`;
  return `${unbooked}: it disputes the charge ${row.charge}, which the books do not know`;
}
