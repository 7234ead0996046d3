import type { AdminChargeQueueRow } from '@pledgeway/domain/schemas/admin';
import { useState } from 'react';
import { toast } from 'sonner';
import { fundingText, matchChargesText, pledgesToChargeText } from '@/components/charging/charge-run-text';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { useReleaseHold } from '../api/charge-hold';
import { useChargeEvent } from '../api/charge-event';
import { useCharging } from '../api/get-charging';
import { ChargeRunProgress } from '../components/charge-run-progress';
import { PageHeader } from '../components/page-header';
import { PledgesTable } from '../components/pledges-table';
import { QueryState } from '../components/query-state';
import { formatDateTime, formatDollars } from '../lib/format';

function outcomeText(row: AdminChargeQueueRow): string {
  if (row.charge.outcome === 'release') {
    return `All or Nothing: ${formatDollars(row.counted_amount)} of ${formatDollars(row.target_amount)} was pledged (the creator's funding included), below the target. Every pledge will be released, nobody charged, and the funding refunded less its card fee.`;
  }
  return row.funding_model === 'all_or_nothing'
    ? `All or Nothing: the target of ${formatDollars(row.target_amount)} was reached. Every pledge will be charged.`
    : 'All Donations: every pledge will be charged.';
}

/**
 * "4 pledges to charge: $161.13 · 1 match charge: at most $60.00 · completed 3 Jan 2030, 12:00", in
 * the words and figures of the host's Complete confirmation; a date only when there is one.
 */
function waitingSummary(row: AdminChargeQueueRow): string {
  const when = row.charged_at_deadline ? 'deadline passed' : 'completed';
  const matches = row.charge.outcome === 'charge' ? matchChargesText(row.charge) : null;
  return [pledgesToChargeText(row.charge, row.kind === 'runoff'), matches, row.completed_at ? `${when} ${formatDateTime(row.completed_at)}` : when]
    .filter(Boolean)
    .join(' · ');
}

function WaitingCampaign({ row, runId, onStart, onRelease }: { row: AdminChargeQueueRow; runId: string | null; onStart(): void; onRelease(): void }) {
  const held = row.charge_run_status === 'held';
  return (
    <Card className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 className="font-display text-lg font-semibold text-ink-900">{row.name}</h3>
          <p className="text-sm text-ink-600">{waitingSummary(row)}</p>
        </div>
        {held && (
          <Button onClick={onRelease}>
            Release and charge<span className="sr-only"> {row.name}</span>
          </Button>
        )}
        {!runId && (
          <Button onClick={onStart} variant={row.charge.outcome === 'release' ? 'outline' : 'primary'}>
            {row.charge.outcome === 'release' ? 'Release pledges' : 'Charge'}
            <span className="sr-only"> {row.name}</span>
          </Button>
        )}
      </div>
      <p className="text-sm text-ink-700">{outcomeText(row)}</p>
      {row.charge.outcome === 'charge' && row.charge.funding && <p className="text-sm text-ink-700">{fundingText(row.charge, "The creator's")}</p>}
      {runId && <ChargeRunProgress runId={runId} />}
    </Card>
  );
}

/** /admin/charging: completed campaigns waiting for the charge, live progress of each run, and failed pledges. */
export default function AdminChargingPage() {
  const charging = useCharging();
  const charge = useChargeEvent();
  const [confirming, setConfirming] = useState<AdminChargeQueueRow | null>(null);
  const [startedRuns, setStartedRuns] = useState<Record<string, string>>({});
  const releaseHold = useReleaseHold();
  const [releasing, setReleasing] = useState<AdminChargeQueueRow | null>(null);

  const release = async () => {
    try {
      toast.success((await releaseHold.mutateAsync(releasing!._id)).message);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setReleasing(null);
    }
  };

  const start = async () => {
    const row = confirming!;
    try {
      const run = await charge.mutateAsync(row._id);
      setStartedRuns((runs) => ({ ...runs, [row._id]: run._id }));
      toast.success('Charging has started');
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setConfirming(null);
    }
  };

  return (
    <div className="space-y-8">
      <PageHeader
        title="Charging"
        description="Campaigns their creators marked complete, and Money Bomb and Crowdfunding campaigns past their deadline. Each pledge is charged once, by a job of its own."
      />
      <QueryState query={charging} noun="the charging queue">
        {(data) => {
          const startedOnly = Object.keys(startedRuns).filter((id) => !data.waiting.some((row) => row._id === id));
          return (
            <>
              <section aria-labelledby="waiting-heading" className="space-y-4">
                <h2 id="waiting-heading" className="font-display text-lg font-semibold text-ink-900">
                  Waiting for the charge
                </h2>
                {data.waiting.length === 0 && startedOnly.length === 0 ? (
                  <EmptyState title="No completed campaign is waiting" description="Campaigns appear here when their creator marks them complete." />
                ) : (
                  data.waiting.map((row) => (
                    <WaitingCampaign
                      key={row._id}
                      row={row}
                      runId={startedRuns[row._id] ?? row.charge_run_id}
                      onStart={() => setConfirming(row)}
                      onRelease={() => setReleasing(row)}
                    />
                  ))
                )}
                {startedOnly.map((eventId) => (
                  <Card key={eventId}>
                    <ChargeRunProgress runId={startedRuns[eventId]!} />
                  </Card>
                ))}
              </section>
              <section id="failed" aria-labelledby="failed-heading" className="space-y-4">
                <h2 id="failed-heading" className="font-display text-lg font-semibold text-ink-900">
                  Failed pledges
                </h2>
                <p className="text-sm text-ink-600">
                  The donor is e-mailed every 48 hours for 7 days with a link to update the card; the charge is retried after an update and once at the end of
                  the window, then the pledge is dropped.
                </p>
                {data.failed.length ? <PledgesTable pledges={data.failed} caption="Failed pledges" showCampaign /> : <EmptyState title="No failed pledges" />}
              </section>
            </>
          );
        }}
      </QueryState>
      <ConfirmDialog
        open={Boolean(confirming)}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming?.charge.outcome === 'release' ? 'Release every pledge?' : 'Charge every pledge?'}
        description={confirming ? `${confirming.name}: ${outcomeText(confirming)} This cannot be undone.` : ''}
        confirmLabel={confirming?.charge.outcome === 'release' ? 'Release' : 'Charge now'}
        loading={charge.isPending}
        onConfirm={start}
      />
      <ConfirmDialog
        open={Boolean(releasing)}
        onOpenChange={(open) => !open && setReleasing(null)}
        title="Lift the hold and charge?"
        description={releasing ? `${releasing.name}: ${outcomeText(releasing)} This cannot be undone.` : ''}
        confirmLabel="Release and charge"
        loading={releaseHold.isPending}
        onConfirm={release}
      />
    </div>
  );
}
