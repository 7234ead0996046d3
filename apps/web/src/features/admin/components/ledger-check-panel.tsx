import { MOVEMENT_NAMES, type ReconciliationOrphan } from '@pledgeway/domain/schemas/money-admin';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { formatDollars } from '@/lib/format';
import type { LedgerCheck } from '../api/get-ledger-check';

function OrphanList({ title, orphans }: { title: string; orphans: ReconciliationOrphan[] }) {
  if (orphans.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-ink-900">{title}</h3>
      <ul className="mt-1 space-y-1 text-sm text-ink-700">
        {orphans.map((orphan) => (
          <li key={`${orphan.kind}-${orphan.ref}-${orphan.transaction_id ?? ''}`}>
            {MOVEMENT_NAMES[orphan.kind].one} <code className="break-all">{orphan.ref || '(no reference)'}</code>: {formatDollars(orphan.amount)}
            {orphan.transaction_id ? (
              <>
                {' '}
                (ledger transaction <code className="break-all">{orphan.transaction_id}</code>)
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The books check in a sentence, with what each side holds that the other lacks. */
export function LedgerCheckSummary({ check }: { check: LedgerCheck }) {
  const { reconciliation } = check;
  const compared = reconciliation.compared
    .map((kind) => `${MOVEMENT_NAMES[kind.kind].many}: ${kind.provider} at the provider, ${kind.postings} posted`)
    .join('; ');
  const returned = reconciliation.returned_unbooked.length;
  const returnedNote = returned ? `; ${returned} charge(s) returned in full at the provider, booked neither way` : '';
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm text-ink-700">
      <Badge tone={check.ok ? 'green' : 'red'}>{check.ok ? 'Books balance' : 'Books differ'}</Badge>
      {check.ok ? `Matched with ${check.provider} both ways (${compared}${returnedNote})` : `${check.problems.length} difference(s) found`}
    </span>
  );
}

/** Every difference, the provider-to-ledger and ledger-to-provider findings listed apart. */
export function LedgerCheckFindings({ check }: { check: LedgerCheck }) {
  const { reconciliation } = check;
  if (check.ok) return null;
  return (
    <Alert tone="error" title="The books do not match">
      <div className="space-y-3">
        <OrphanList title="At the provider, with no posting in the ledger" orphans={reconciliation.provider_without_posting} />
        <OrphanList title="In the ledger, with no record at the provider" orphans={reconciliation.posting_without_provider} />
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {check.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </div>
    </Alert>
  );
}
