import { useState } from 'react';
import { toast } from 'sonner';
import { formatDollars } from '@pledgeway/domain/money';
import type { ManagedPromotion, PromotionStatus } from '@pledgeway/domain/schemas/promotions';
import { Avatar } from '@/components/ui/avatar';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useAnswerPromotion, type PromotionAnswer } from '../../api/answer-promotion';
import { useManagedPromotions } from '../../api/get-managed-promotions';

const STATUS: Record<PromotionStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting for you', tone: 'yellow' },
  accepted: { label: 'Promoting', tone: 'green' },
  declined: { label: 'Declined', tone: 'grey' },
  ended: { label: 'Ended', tone: 'grey' },
};

function RequestItem({ promotion, busy, onAnswer }: { promotion: ManagedPromotion; busy: boolean; onAnswer(answer: PromotionAnswer): void }) {
  const name = promotion.promoter.name;
  return (
    <li className="grid gap-2 rounded-xl bg-ink-50 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <Avatar src={promotion.promoter.image} className="size-10" />
        <p className="min-w-0 flex-1 font-semibold">{name}</p>
        <Badge tone={STATUS[promotion.status].tone}>{STATUS[promotion.status].label}</Badge>
      </div>
      {promotion.note && <p className="text-sm text-ink-700">“{promotion.note}”</p>}
      <p className="text-xs text-ink-500">
        Asked {formatDate(promotion.created_at)}
        {promotion.status !== 'pending' &&
          ` · ${promotion.pledges} ${promotion.pledges === 1 ? 'pledge' : 'pledges'}, ${formatDollars(promotion.raised)} through their link`}
      </p>
      {promotion.status === 'pending' && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onAnswer('accept')} disabled={busy} aria-label={`Accept ${name}`}>
            Accept
          </Button>
          <Button size="sm" variant="outline" onClick={() => onAnswer('decline')} disabled={busy} aria-label={`Decline ${name}`}>
            Decline
          </Button>
        </div>
      )}
      {promotion.status === 'accepted' && (
        <Button
          size="sm"
          variant="outline"
          className="justify-self-start"
          onClick={() => onAnswer('end')}
          disabled={busy}
          aria-label={`End the promotion by ${name}`}
        >
          End promotion
        </Button>
      )}
    </li>
  );
}

/**
 * Third-Party Promotion on the event summary: people asking to promote this campaign, and the
 * host's answers. Ending one asks first: the link stops crediting pledges (earlier credit stays).
 */
export function PromotionRequests({ eventId }: { eventId: string }) {
  const query = useManagedPromotions(eventId);
  const answer = useAnswerPromotion(eventId);
  const [ending, setEnding] = useState<ManagedPromotion | null>(null);
  const promotions = query.data?.data.promotions ?? [];

  async function send(promotion: ManagedPromotion, decision: PromotionAnswer) {
    try {
      toast.success((await answer.mutateAsync({ promotionId: promotion._id, answer: decision })).message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The answer could not be saved. Please try again.');
    }
  }

  return (
    <section className="card p-6" aria-labelledby="promotions-heading">
      <h2 id="promotions-heading" className="text-lg font-semibold">
        Promoters
      </h2>
      <p className="mt-1 text-sm text-ink-600">People who asked to share this campaign with their own link. Nothing is shown publicly until you accept.</p>
      {query.isPending && <Spinner label="Loading promotion requests" />}
      {query.isError && <p className="mt-2 text-ink-600">Promotion requests could not be loaded.</p>}
      {query.isSuccess && promotions.length === 0 && <p className="mt-2 text-ink-500">No one has asked to promote this campaign yet.</p>}
      {promotions.length > 0 && (
        <ul className="mt-4 grid gap-3">
          {promotions.map((promotion) => (
            <RequestItem
              key={promotion._id}
              promotion={promotion}
              busy={answer.isPending}
              onAnswer={(decision) => (decision === 'end' ? setEnding(promotion) : void send(promotion, decision))}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={Boolean(ending)}
        onOpenChange={(open) => !open && setEnding(null)}
        title="End this promotion?"
        description={ending ? `${ending.promoter.name}'s link will stop crediting new pledges. Pledges already made through it stay credited.` : undefined}
        confirmLabel="End promotion"
        tone="danger"
        loading={answer.isPending}
        onConfirm={async () => {
          if (ending) await send(ending, 'end');
          setEnding(null);
        }}
      />
    </section>
  );
}
