import type { AdminCampaignRow } from '@pledgeway/domain/schemas/admin';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { useChargeHold, useHoldCharge, useReleaseHold } from '../api/charge-hold';
import { formatDateTime } from '../lib/format';

/**
 * The hold on a crowdfunding campaign's deadline charge (decision 068): while held, the deadline
 * closes pledging but charges nothing until an admin lifts the hold.
 */
export function ChargeHoldDialog({ campaign, onClose }: { campaign: AdminCampaignRow | null; onClose(): void }) {
  const hold = useChargeHold(campaign?._id ?? '', Boolean(campaign));
  const holdCharge = useHoldCharge();
  const releaseHold = useReleaseHold();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    setReason('');
    setFailure(undefined);
  }, [campaign]);

  const act = async (action: () => Promise<{ message: string }>) => {
    setFailure(undefined);
    try {
      toast.success((await action()).message);
      onClose();
    } catch (error) {
      setFailure((error as Error).message);
    }
  };
  const current = hold.data;
  const eventId = campaign?._id ?? '';

  return (
    <Dialog open={Boolean(campaign)} onOpenChange={(open) => !open && onClose()} title={`Charge hold: ${campaign?.name ?? ''}`}>
      <div className="mt-4 space-y-4 text-sm text-ink-700">
        {hold.isPending && <p>Loading…</p>}
        {hold.isError && <Alert tone="error">{hold.error.message}</Alert>}
        {hold.isSuccess && current && (
          <p>
            Held since {formatDateTime(current.held_at)}
            {current.reason ? `: ${current.reason}` : ''}.{' '}
            {current.charge_run_id
              ? 'The deadline has passed and its run is waiting for you. Lifting the hold starts charging now.'
              : 'At the deadline pledging closes and nothing is charged until you lift the hold.'}
          </p>
        )}
        {hold.isSuccess && !current && (
          <>
            <p>Without a hold, every pledge is charged at the deadline (All or Nothing: only if the target is reached). Hold it to review it first.</p>
            <Field label="Reason (optional, kept in the audit log)">
              <Textarea value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} rows={3} />
            </Field>
          </>
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        {hold.isSuccess && current && (
          <Button loading={releaseHold.isPending} onClick={() => act(() => releaseHold.mutateAsync(eventId))}>
            {current.charge_run_id ? 'Lift hold and charge' : 'Lift hold'}
          </Button>
        )}
        {hold.isSuccess && !current && (
          <Button loading={holdCharge.isPending} onClick={() => act(() => holdCharge.mutateAsync({ eventId, reason: reason.trim() }))}>
            Hold for review
          </Button>
        )}
      </DialogFooter>
    </Dialog>
  );
}
