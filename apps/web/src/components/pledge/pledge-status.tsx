import type { PledgeStatus } from '@pledgeway/domain/schemas/my-pledges';
import { Badge, type BadgeTone } from '@/components/ui/badge';

/** Every pledge status as the app shows it: one label, one colour and what it means for the donor. */
export const PLEDGE_STATUS: Record<PledgeStatus, { label: string; tone: BadgeTone; note: string }> = {
  pending: { label: 'Pending', tone: 'yellow', note: 'Your payment method is charged only if the event is completed.' },
  charged: { label: 'Charged', tone: 'green', note: 'Charged. Not passed on to the charity yet.' },
  failed: { label: 'Payment failed', tone: 'red', note: 'We could not charge your payment method.' },
  dropped: { label: 'Dropped', tone: 'grey', note: 'The payment did not go through in time.' },
  released: { label: 'Released', tone: 'blue', note: 'The campaign ended without charging this pledge.' },
  refunded: { label: 'Refunded', tone: 'blue', note: 'This pledge was refunded.' },
  disputed: { label: 'Disputed', tone: 'red', note: 'Your bank disputed this charge; it counts in no total until the dispute is decided.' },
  dispute_lost: { label: 'Dispute lost', tone: 'grey', note: 'Your bank reversed this charge; the pledge no longer counts.' },
};

export function PledgeStatusBadge({ status, className }: { status: PledgeStatus; className?: string }) {
  const { label, tone } = PLEDGE_STATUS[status];
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}
