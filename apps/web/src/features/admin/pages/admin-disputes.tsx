import type { AdminDisputeRow } from '@pledgeway/domain/schemas/disputes';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { useDecideSandboxDispute } from '../api/decide-sandbox-dispute';
import { useDisputes } from '../api/get-disputes';
import { DisputesTable } from '../components/disputes-table';
import { PageHeader } from '../components/page-header';
import { QueryState } from '../components/query-state';

/**
 * /admin/disputes: chargebacks of charged pledges (decision 093). Disputes are answered with the
 * payment provider; with the sandbox provider an open one can be closed here, clearly marked.
 */
export default function AdminDisputesPage() {
  const disputes = useDisputes();
  const decide = useDecideSandboxDispute();
  const [deciding, setDeciding] = useState<string | null>(null);
  const onDecide = (dispute: AdminDisputeRow, outcome: 'won' | 'lost') => {
    setDeciding(dispute._id);
    decide.mutate(
      { id: dispute._id, outcome },
      { onSuccess: (answer) => toast.success(answer.message), onError: (error) => toast.error(error.message), onSettled: () => setDeciding(null) },
    );
  };
  const openCount = disputes.data?.open_count ?? 0;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Disputes"
        description={
          disputes.data
            ? `${openCount} open. An open dispute's amount is held back from the charity's payable (or borne by the platform once paid out); a won one is booked back.`
            : undefined
        }
      />
      {disputes.data?.sandbox && (
        <Alert tone="info" title="Sandbox payments">
          <p>No card network decides disputes here: the SANDBOX buttons close an open dispute as won or lost, as the bank would.</p>
        </Alert>
      )}
      <QueryState
        query={disputes}
        noun="disputes"
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title="No disputes" description="A donor's bank disputing a charge shows here, with who bears it." />}
      >
        {(data) => <DisputesTable disputes={data.items} onDecide={data.sandbox ? onDecide : undefined} deciding={deciding} />}
      </QueryState>
    </div>
  );
}
