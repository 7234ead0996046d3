import {
  centsToDollars,
  formatCents,
  MOVEMENT_KINDS,
  MOVEMENT_NAMES,
  type MovementKind,
  type Reconciliation,
  type ReconciliationOrphan,
} from '@pledgeway/domain';
import type { PaymentProvider, ProviderMovement } from '../../providers/payments/index.ts';

/** Runs SQL with parameters and returns rows: the app's `database.query`, or a bare pg pool in the command. */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * The ledger transactions that record each kind of provider movement, and so must name one
 * (`provider_ref`: a dispute's opening and its reversal name the provider's dispute). What the
 * movement moved is what the donor's card gave or got back (`donor_card`, taken as a positive amount);
 * for a transfer to a charity's connected account and its reversal, what reached or left the
 * charity (`charity_paid`).
 */
const POSTING_KINDS: Record<MovementKind, { where: string; account: 'donor_card' | 'charity_paid' }> = {
  charge: { where: `t.kind in ('pledge_charge', 'match_charge', 'match_top_up', 'funding_charge', 'donation', 'monthly_gift')`, account: 'donor_card' },
  refund: { where: `t.kind like '%refund%'`, account: 'donor_card' },
  dispute: { where: `t.kind = 'dispute_opened'`, account: 'donor_card' },
  dispute_reversal: { where: `t.kind = 'dispute_won'`, account: 'donor_card' },
  transfer: { where: `t.kind = 'transfer'`, account: 'charity_paid' },
  transfer_reversal: { where: `t.kind = 'transfer_reversal'`, account: 'charity_paid' },
};

export interface Posting {
  kind: MovementKind;
  ref: string | null;
  amountCents: number;
  transactionId: string;
}

/** Every posting of a provider movement. A refund that gave nothing back (and so names no provider refund) is no movement. */
export async function postingsOfMovements(query: Query): Promise<Posting[]> {
  const postings: Posting[] = [];
  for (const kind of MOVEMENT_KINDS) {
    const rows = await query<{ id: string; ref: string | null; card: string }>(
      `select t.id, t.provider_ref as ref,
         coalesce((select sum(amount_cents) from ledger_entries e where e.transaction_id = t.id and e.account = '${POSTING_KINDS[kind].account}'), 0) as card
       from ledger_transactions t where ${POSTING_KINDS[kind].where}`,
    );
    for (const row of rows) {
      const amountCents = Math.abs(Number(row.card));
      if (row.ref !== null || amountCents !== 0) postings.push({ kind, ref: row.ref, amountCents, transactionId: row.id });
    }
  }
  return postings;
}

const orphan = (kind: MovementKind, ref: string, cents: number, transactionId?: string): ReconciliationOrphan => ({
  kind,
  ref,
  amount: centsToDollars(cents),
  ...(transactionId ? { transaction_id: transactionId } : {}),
});

function groupByRef<T>(items: T[], refOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(refOf(item), [...(groups.get(refOf(item)) ?? []), item]);
  return groups;
}

/**
 * Charges no posting knows that the provider gave back in full, through refunds no posting knows
 * either: a Stripe Checkout paid after its funding was withdrawn, returned at once (money.md,
 * Funding). No money stayed, so they are listed apart, not as differences. Returns the charge and
 * refund references of each.
 */
function returnedUnbooked(movements: ProviderMovement[], postedRefs: Set<string>): Map<string, string[]> {
  const returned = new Map<string, string[]>();
  for (const charge of movements.filter((item) => item.kind === 'charge' && !postedRefs.has(item.ref))) {
    const refunds = movements.filter((item) => item.kind === 'refund' && item.chargeRef === charge.ref);
    if (refunds.length === 0 || refunds.some((refund) => postedRefs.has(refund.ref))) continue;
    if (refunds.reduce((sum, refund) => sum + refund.amountCents, 0) === charge.amountCents)
      returned.set(
        charge.ref,
        refunds.map((refund) => refund.ref),
      );
  }
  return returned;
}

/** One kind's provider movements against its postings, both ways. */
function reconcileKind(kind: MovementKind, atProvider: ProviderMovement[], booked: Posting[], into: Reconciliation, problems: string[]) {
  into.compared.push({ kind, provider: atProvider.length, postings: booked.length });
  const name = MOVEMENT_NAMES[kind].one;
  const postingsByRef = groupByRef(booked, (posting) => posting.ref ?? '');
  for (const movement of atProvider) {
    const matches = postingsByRef.get(movement.ref) ?? [];
    if (matches.length === 0) {
      into.provider_without_posting.push(orphan(kind, movement.ref, movement.amountCents));
      problems.push(`the provider's ${name} ${movement.ref} of ${formatCents(movement.amountCents)} has no posting in the ledger`);
    } else if (matches.length > 1) {
      problems.push(`the provider's ${name} ${movement.ref} is posted ${matches.length} times (${matches.map((item) => item.transactionId).join(', ')})`);
    } else if (matches[0]!.amountCents !== movement.amountCents) {
      problems.push(`${name} ${movement.ref}: the provider moved ${formatCents(movement.amountCents)}, the ledger ${formatCents(matches[0]!.amountCents)}`);
    }
  }
  const providerRefs = new Set(atProvider.map((item) => item.ref));
  for (const posting of booked.filter((item) => !item.ref || !providerRefs.has(item.ref))) {
    into.posting_without_provider.push(orphan(kind, posting.ref ?? '', posting.amountCents, posting.transactionId));
    problems.push(`posting ${posting.transactionId} records the ${name} ${posting.ref ?? '(no reference)'} the provider has no record of`);
  }
}

/**
 * Provider ↔ ledger, per kind: every provider movement has exactly one posting of the same amount,
 * and every posting has its provider movement. Pure: the caller lists both sides.
 */
export function reconcile(movements: ProviderMovement[], postings: Posting[]): { reconciliation: Reconciliation; problems: string[] } {
  const reconciliation: Reconciliation = { compared: [], provider_without_posting: [], posting_without_provider: [], returned_unbooked: [] };
  const problems: string[] = [];
  const returned = returnedUnbooked(movements, new Set(postings.flatMap((posting) => (posting.ref ? [posting.ref] : []))));
  const settled = new Set([...returned].flatMap(([charge, refunds]) => [charge, ...refunds]));
  for (const charge of movements.filter((item) => item.kind === 'charge' && returned.has(item.ref))) {
    reconciliation.returned_unbooked.push(orphan('charge', charge.ref, charge.amountCents));
  }
  for (const kind of MOVEMENT_KINDS) {
    const atProvider = movements.filter((item) => item.kind === kind && !settled.has(item.ref));
    reconcileKind(
      kind,
      atProvider,
      postings.filter((item) => item.kind === kind),
      reconciliation,
      problems,
    );
  }
  return { reconciliation, problems };
}

/** Lists the provider's movements and the ledger's postings of them, and compares both ways. */
export async function reconcileWithProvider(query: Query, provider: Pick<PaymentProvider, 'listMovements'>) {
  const [movements, postings] = await Promise.all([provider.listMovements(), postingsOfMovements(query)]);
  return reconcile(movements, postings);
}
