import { MOVEMENT_NAMES, type LedgerVerifyReport } from '@pledgeway/domain';
import type { PaymentProvider } from '../../providers/payments/index.ts';
import { reconcileWithProvider, type Query } from './reconcile.ts';
import { checkDisputes } from './verify-disputes.ts';
import { checkMonthlyCharges } from './verify-monthly.ts';

export type { Query } from './reconcile.ts';

const n = (value: unknown) => Number(value ?? 0);

type RefundRow = { id: string; ref: string | null; pledge_id: string | null; to_card: string };

/** Every ledger transaction sums to zero. Returns how many transactions there are. */
async function checkBalanced(query: Query, problems: string[]): Promise<number> {
  const [{ count: transactions } = { count: 0 }] = await query<{ count: string }>('select count(*) as count from ledger_transactions');
  const unbalanced = await query<{ id: string; kind: string; total: string }>(
    `select t.id, t.kind, coalesce(sum(e.amount_cents), 0) as total from ledger_transactions t
     left join ledger_entries e on e.transaction_id = t.id group by t.id, t.kind having coalesce(sum(e.amount_cents), 0) <> 0`,
  );
  for (const row of unbalanced) problems.push(`transaction ${row.id} (${row.kind}) sums to ${row.total}, not 0`);

  return n(transactions);
}

/** Every charged pledge has its charge in the ledger, with its amount and card fee. Returns how many were checked. */
async function checkCharges(query: Query, problems: string[]): Promise<number> {
  const charged = await query<{
    id: string;
    charged: string | null;
    fee: string;
    ref: string | null;
    ledger_card: string | null;
    ledger_fee: string | null;
    tx: string | null;
  }>(
    `select p.id, p.charged_cents as charged, p.card_fee_cents as fee, p.provider_charge_ref as ref, t.id as tx,
       (select sum(amount_cents) from ledger_entries where transaction_id = t.id and account = 'donor_card') as ledger_card,
       (select sum(amount_cents) from ledger_entries where transaction_id = t.id and account = 'card_processing_fees') as ledger_fee
     from pledges p
     left join ledger_transactions t on t.pledge_id = p.id and t.kind in ('pledge_charge', 'match_charge', 'match_top_up', 'funding_charge') and t.provider_ref = p.provider_charge_ref
     where p.status in ('charged', 'refunded', 'disputed', 'dispute_lost')`,
  );
  for (const row of charged) {
    if (row.charged === null) {
      problems.push(`pledge ${row.id} says it was charged but records no charge`);
      continue;
    }
    if (!row.tx) {
      problems.push(`pledge ${row.id} is charged but its charge ${row.ref} is not in the ledger`);
      continue;
    }
    if (-n(row.ledger_card) !== n(row.charged))
      problems.push(`pledge ${row.id}: charged ${row.charged} but the ledger took ${-n(row.ledger_card)} from the card`);
    if (n(row.ledger_fee) !== n(row.fee)) problems.push(`pledge ${row.id}: card fee ${row.fee} but the ledger recorded ${n(row.ledger_fee)}`);
  }

  return charged.length;
}

/** Every refunded pledge has its refund in the ledger. Returns the ledger's refunds. */
async function checkRefunds(query: Query, problems: string[]): Promise<RefundRow[]> {
  const refunds = await query<RefundRow>(
    `select t.id, t.provider_ref as ref, t.pledge_id,
       coalesce((select sum(amount_cents) from ledger_entries where transaction_id = t.id and account = 'donor_card'), 0) as to_card
     from ledger_transactions t where t.kind like '%refund%'`,
  );
  const refundedPledges = await query<{ id: string }>(
    `select p.id from pledges p where p.status = 'refunded' and not exists (select 1 from ledger_transactions t where t.pledge_id = p.id and t.kind like '%refund%')`,
  );
  for (const row of refundedPledges) problems.push(`pledge ${row.id} is refunded but no refund is in the ledger`);

  return refunds;
}

/** With the sandbox provider: every charge, refund and donation matches the provider's own record. */
async function checkSandboxRecords(query: Query, refunds: RefundRow[], problems: string[]) {
  let providerRecords = 0;
  let donations = 0;
  const chargeRows = await query<{
    id: string;
    ref: string | null;
    charged: string;
    fee: string;
    sc_amount: string | null;
    sc_fee: string | null;
    sc_status: string | null;
  }>(
    `select p.id, p.provider_charge_ref as ref, p.charged_cents as charged, p.card_fee_cents as fee,
       c.amount_cents as sc_amount, c.fee_cents as sc_fee, c.status as sc_status
     from pledges p left join sandbox_charges c on c.id = p.provider_charge_ref
     where p.charged_cents is not null and p.status in ('charged', 'refunded', 'disputed', 'dispute_lost')`,
  );
  for (const row of chargeRows) {
    providerRecords += 1;
    if (row.sc_status !== 'succeeded') problems.push(`pledge ${row.id}: the provider has no successful charge ${row.ref}`);
    else if (n(row.sc_amount) !== n(row.charged) || n(row.sc_fee) !== n(row.fee)) {
      problems.push(`pledge ${row.id}: the provider charged ${row.sc_amount} (fee ${row.sc_fee}), the books say ${row.charged} (fee ${row.fee})`);
    }
  }
  for (const row of refunds) {
    if (!row.ref) {
      if (n(row.to_card) !== 0) problems.push(`refund ${row.id} gives ${row.to_card} back without a provider refund`);
      continue;
    }
    providerRecords += 1;
    const [match] = await query<{ amount: string }>('select amount_cents as amount from sandbox_refunds where id = $1', [row.ref]);
    if (!match) problems.push(`refund ${row.id}: the provider has no refund ${row.ref}`);
    else if (n(match.amount) !== n(row.to_card)) problems.push(`refund ${row.id}: the provider refunded ${match.amount}, the ledger ${row.to_card}`);
  }
  const donationRows = await query<{
    id: string;
    amount: string;
    fee: string | null;
    sc_amount: string | null;
    sc_fee: string | null;
    sc_status: string | null;
  }>(
    `select d.id, d.amount_cents as amount, d.card_fee_cents as fee, c.amount_cents as sc_amount, c.fee_cents as sc_fee, c.status as sc_status
     from charity_donations d left join sandbox_charges c on c.id = d.provider_charge_ref where d.status = 'charged'`,
  );
  for (const row of donationRows) {
    donations += 1;
    providerRecords += 1;
    if (row.sc_status !== 'succeeded' || n(row.sc_amount) !== n(row.amount) || (row.fee !== null && n(row.sc_fee) !== n(row.fee))) {
      problems.push(
        `donation ${row.id}: the provider's record (${row.sc_amount ?? 'none'}, fee ${row.sc_fee ?? '-'}) does not match ${row.amount} (fee ${row.fee ?? '-'})`,
      );
    }
  }
  return { providerRecords, donations };
}

/**
 * The books' self-check (docs/money.md#rules): every ledger transaction sums to zero, every
 * charged pledge and every charged month of a monthly gift (verify-monthly.ts) has its charge in
 * the ledger with the amount and the card fee recorded on it, every refund matches its ledger entry; with the sandbox, every charge, refund, donation
 * and dispute matches the provider's own record in amount and fee (verify-disputes.ts); and, with
 * any provider, both ways (reconcile.ts): every charge and refund the provider lists has exactly
 * one posting of the same amount, and every posting has its provider record. Reads only.
 */
export async function verifyLedger(query: Query, provider: Pick<PaymentProvider, 'name' | 'listMovements'>): Promise<LedgerVerifyReport> {
  const problems: string[] = [];
  const transactions = await checkBalanced(query, problems);
  const chargedPledges = await checkCharges(query, problems);
  const refunds = await checkRefunds(query, problems);
  const sandbox = provider.name === 'sandbox' ? await checkSandboxRecords(query, refunds, problems) : { providerRecords: 0, donations: 0 };
  const monthlyCharges = await checkMonthlyCharges(query, problems, provider.name === 'sandbox');
  await checkDisputes(query, problems, provider.name === 'sandbox');
  const twoWay = await reconcileWithProvider(query, provider);
  problems.push(...twoWay.problems);

  return {
    ok: problems.length === 0,
    provider: provider.name,
    checked: {
      transactions,
      charged_pledges: chargedPledges,
      refunds: refunds.length,
      donations: sandbox.donations,
      monthly_charges: monthlyCharges,
      provider_records:
        sandbox.providerRecords +
        (provider.name === 'sandbox' ? monthlyCharges : 0) +
        twoWay.reconciliation.compared.reduce((sum, kind) => sum + kind.provider, 0),
    },
    reconciliation: twoWay.reconciliation,
    problems,
  };
}

/** The report as lines for a terminal. */
export function formatLedgerReport(report: LedgerVerifyReport): string {
  const { checked } = report;
  const lines = [
    `provider: ${report.provider}`,
    `ledger transactions balanced: ${checked.transactions}`,
    `charged pledges matched to the ledger: ${checked.charged_pledges}`,
    `refunds: ${checked.refunds}`,
    `donations: ${checked.donations}`,
    `charged months of monthly gifts matched to the ledger: ${checked.monthly_charges}`,
    `provider records compared: ${checked.provider_records}`,
    ...report.reconciliation.compared.map((kind) => `${MOVEMENT_NAMES[kind.kind].many}: ${kind.provider} at the provider, ${kind.postings} posted`),
    `provider movements without a posting: ${report.reconciliation.provider_without_posting.length}`,
    `postings without a provider record: ${report.reconciliation.posting_without_provider.length}`,
    `charges returned in full at the provider, booked neither way: ${report.reconciliation.returned_unbooked.length}`,
    ...report.problems.map((problem) => `DIFFERENCE: ${problem}`),
    report.ok ? 'OK: the books balance and match the provider both ways' : `FAILED: ${report.problems.length} difference(s)`,
  ];
  return lines.join('\n');
}
