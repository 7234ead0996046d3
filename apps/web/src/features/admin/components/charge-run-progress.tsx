import { chargeRunCounts, chargeRunFunding, chargeRunPercent, chargeRunState } from '@/components/charging/charge-run-text';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Alert } from '@/components/ui/alert';
import { useChargeRun } from '../api/get-charge-run';

/** Live progress of a charge run, polled until it has finished. */
export function ChargeRunProgress({ runId }: { runId: string }) {
  const run = useChargeRun(runId);
  if (run.isError) return <Alert tone="error">{run.error.message}</Alert>;
  if (!run.data) return <p className="text-sm text-ink-600">Starting…</p>;
  if (run.data.status === 'held') return <p className="text-sm font-semibold text-amber-800">{chargeRunState(run.data)}</p>;
  const percent = chargeRunPercent(run.data);
  const funding = chargeRunFunding(run.data, "The creator's");
  const finished = run.data.status === 'finished';
  return (
    <div className="space-y-2" aria-live="polite">
      <ProgressBar value={percent} label="Charge run progress" valueText={`${percent}% done`} />
      <p className="text-sm text-ink-700">
        <span className={finished ? 'font-semibold text-emerald-800' : 'font-semibold'}>{chargeRunState(run.data)}</span> {chargeRunCounts(run.data)}
        {run.data.trigger === 'deadline' && ' Started at the deadline.'}
      </p>
      {funding && <p className="text-sm text-ink-600">{funding}</p>}
    </div>
  );
}
