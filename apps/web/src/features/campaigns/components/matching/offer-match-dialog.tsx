import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { CreateMatchRequest, type CreateMatchRequestInput } from '@pledgeway/domain/schemas/matching';
import { ConfirmEmailNotice } from '@/components/account/confirm-email-notice';
import { CardPicker } from '@/components/payments/card-picker';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDollars } from '@/lib/format';
import { useOfferMatch } from '../../api/offer-match';
import { MatchTermsFields } from './match-terms-fields';

/** A `datetime-local` value is the sponsor's own clock: sent as the instant it names. */
const toInstant = (local: string | null | undefined) => (local ? new Date(local).toISOString() : null);

function OfferedDialog({ message, onClose }: { message: string; onClose(): void }) {
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title="Match offered">
      <Alert tone="success">{message}</Alert>
      <p className="mt-4 text-ink-700">A confirmation is on its way to your e-mail. You can follow your match on My Pledges.</p>
      <DialogFooter>
        <Button variant="dark" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

/** The server refuses an offer from an unconfirmed address (decision 095): the dialog says so instead of a form it would refuse. */
function UnconfirmedDialog({ eventName, onClose }: { eventName: string; onClose(): void }) {
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={`Offer a match on ${eventName}`} size="lg">
      <ConfirmEmailNotice action="offerMatch" />
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

/** "Offer a match": ratio, cap, an optional window, the name shown, a runoff's option, the card. */
export default function OfferMatchDialog({ event, onClose }: { event: EventDetailResponse; onClose(): void }) {
  const offer = useOfferMatch(event._id);
  const { user } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<CreateMatchRequestInput>({
    resolver: zodResolver(CreateMatchRequest) as never,
    defaultValues: { ratio: 1, sponsor_name: '', anonymous: false, payment_method_id: '', starts_at: '', ends_at: '', participant_id: null },
  });
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control });
  const cap = Number(values.cap);

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const answer = await offer.mutateAsync({ ...input, starts_at: toInstant(input.starts_at), ends_at: toInstant(input.ends_at) });
      setDone(answer.message);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) form.setError(field as keyof CreateMatchRequestInput, { message });
      }
      setFailure(error instanceof Error ? error.message : 'Your match could not be offered. Please try again.');
    }
  });
  if (done) return <OfferedDialog message={done} onClose={onClose} />;
  if (user && !user.email_confirmed) return <UnconfirmedDialog eventName={event.name} onClose={onClose} />;

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Offer a match on ${event.name}`}
      description="Nothing is charged now. When the campaign completes, your payment method is charged for the pledges actually charged, up to your cap."
      size="lg"
    >
      <form onSubmit={(formEvent) => void submit(formEvent)} noValidate className="grid gap-5">
        {failure && <Alert tone="error">{failure}</Alert>}
        <MatchTermsFields form={form} event={event} />
        <CardPicker
          value={values.payment_method_id ?? ''}
          onChange={(id) => form.setValue('payment_method_id', id, { shouldValidate: form.formState.isSubmitted })}
          error={errors.payment_method_id?.message}
        />
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} loadingText="Offering your match…">
            {Number.isFinite(cap) && cap > 0 ? `Offer a match of up to ${formatDollars(cap)}` : 'Offer a match'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
