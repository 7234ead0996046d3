import { monthlyGiftKeySql } from './keys.ts';

/** verify.ts's `Query`, named here so the two files do not import each other. */
type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

const n = (value: unknown) => Number(value ?? 0);

/**
 * Monthly giving (decision 140): every charged month has its one posting under the period's key
 * (`recurring:{gift}:{period}`), naming the month's provider charge, taking gift + tip from the card
 * and the month's card fee; every monthly posting belongs to a charged month; with the sandbox, every
 * charged month matches the provider's own record of its charge in amount and fee. That every provider
 * charge is posted and every posting is the provider's is the reconciliation's part (`reconcile.ts`,
 * kind `charge`), with either provider. Returns how many charged months were checked.
 */
export async function checkMonthlyCharges(query: Query, problems: string[], compareSandbox: boolean): Promise<number> {
  const months = await query<{
    id: string;
    ref: string | null;
    charged: string;
    fee: string | null;
    tx: string | null;
    tx_ref: string | null;
    to_card: string | null;
    fees: string | null;
    sc_amount: string | null;
    sc_fee: string | null;
    sc_status: string | null;
  }>(
    `select c.id, c.provider_charge_ref as ref, c.amount_cents + c.tip_cents as charged, c.card_fee_cents as fee,
       t.id as tx, t.provider_ref as tx_ref,
       (select sum(amount_cents) from ledger_entries where transaction_id = t.id and account = 'donor_card') as to_card,
       (select sum(amount_cents) from ledger_entries where transaction_id = t.id and account = 'card_processing_fees') as fees,
       ${compareSandbox ? 's.amount_cents as sc_amount, s.fee_cents as sc_fee, s.status as sc_status' : 'null as sc_amount, null as sc_fee, null as sc_status'}
     from monthly_gift_charges c
     left join ledger_transactions t on t.kind = 'monthly_gift' and t.idempotency_key = ${monthlyGiftKeySql('c.gift_id', 'c.period')}
     ${compareSandbox ? 'left join sandbox_charges s on s.id = c.provider_charge_ref' : ''}
     where c.status = 'charged'`,
  );
  for (const row of months) {
    if (!row.tx) {
      problems.push(`monthly charge ${row.id} is charged but its charge ${row.ref} is not in the ledger`);
      continue;
    }
    if (row.tx_ref !== row.ref) problems.push(`monthly charge ${row.id}: charged as ${row.ref}, posted as ${row.tx_ref}`);
    if (-n(row.to_card) !== n(row.charged) || n(row.fees) !== n(row.fee)) {
      problems.push(`monthly charge ${row.id}: charged ${row.charged} (fee ${n(row.fee)}) but the ledger took ${-n(row.to_card)} (fee ${n(row.fees)})`);
    }
    if (!compareSandbox) continue;
    if (row.sc_status !== 'succeeded') problems.push(`monthly charge ${row.id}: the provider has no successful charge ${row.ref}`);
    else if (n(row.sc_amount) !== n(row.charged) || n(row.sc_fee) !== n(row.fee)) {
      problems.push(`monthly charge ${row.id}: the provider charged ${row.sc_amount} (fee ${row.sc_fee}), the books say ${row.charged} (fee ${n(row.fee)})`);
    }
  }
  const unowned = await query<{ id: string; key: string }>(
    `select t.id, t.idempotency_key as key from ledger_transactions t
     where t.kind = 'monthly_gift' and not exists (
       select 1 from monthly_gift_charges c where c.status = 'charged' and t.idempotency_key = ${monthlyGiftKeySql('c.gift_id', 'c.period')})`,
  );
  for (const row of unowned) problems.push(`posting ${row.id} books the monthly charge ${row.key}, but no month is charged under that key`);
  return months.length;
}
