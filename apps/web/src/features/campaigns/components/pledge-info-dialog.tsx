import { formatDollars } from '@pledgeway/domain/money';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { Dialog, DialogFooter } from '@/components/ui/dialog';

/** Explains how a pledge works until online pledging is plugged in at this seam. */
export default function PledgeInfoDialog({ event, onClose }: { event: EventDetailResponse; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={`Pledge to ${event.name}`} description="How pledging works on Pledgeway">
      <ul className="mt-4 grid list-disc gap-2 pl-5 text-ink-700">
        <li>Your card is saved now and charged only when the campaign is completed.</li>
        {event.funding_model === 'all_or_nothing' && <li>All or Nothing: if the target is not reached, you are not charged at all.</li>}
        {event.donation_limit !== null && <li>This campaign accepts pledges of up to {formatDollars(event.donation_limit)}.</li>}
        <li>A 3% platform fee plus the card provider's fee is deducted before the rest goes to {event.charity?.name ?? 'the charity'}.</li>
      </ul>
      <p className="mt-4 rounded-xl bg-brand-50 p-4 text-ink-800">
        Online pledging for campaigns opens in the next release of Pledgeway. Share the campaign meanwhile: every share helps.
      </p>
      <DialogFooter>
        <button type="button" className="btn btn-dark" onClick={onClose}>
          Close
        </button>
      </DialogFooter>
    </Dialog>
  );
}
