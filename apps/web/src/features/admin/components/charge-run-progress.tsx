import { ProgressBar } from '@/components/ui/progress-bar';
import { Alert } from '@/components/ui/alert';
import { useChargeRun } from '../api/get-charge-run';
import { formatDollars } from '../lib/format';

/** Live progress of a charge run, polled until it has finished. */
export function ChargeRunProgress({ runId }: { runId: string }) {
  const run = useChargeRun(runId);
  if (run.isError) return <Alert tone="error">{run.error.message}</Alert>;
  if (!run.data) return <p className="text-sm text-ink-600">Starting…</p>;
  const { total, charged, failed, released, status, outcome } = run.data;
  if (status === 'held')
    return <p className="text-sm font-semibold text-amber-800">Held for review at the deadline: nothing has been charged or released yet.</p>;
  const done = charged + failed + released;
  const percent = total ? Math.floor((done / total) * 100) : 100;
  return (
    <div className="space-y-2" aria-live="polite">
      <ProgressBar value={percent} label="Charge run progress" valueText={`${percent}% done`} />
      <p className="text-sm text-ink-700">
        <span className="font-semibold">{percent}%</span> · {outcome === 'release' ? 'releasing every pledge (target not reached)' : 'charging'} · {charged}{' '}
        charged ({formatDollars(run.data.charged_amount)}), {failed} failed, {released} released of {total}
        {status === 'finished' && <span className="ml-1 font-semibold text-emerald-800">· finished</span>}
        {run.data.trigger === 'deadline' && <span className="ml-1">· started at the deadline</span>}
      </p>
    </div>
  );
}
