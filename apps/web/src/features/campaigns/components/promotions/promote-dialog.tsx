import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useRequestPromotion } from '../../api/request-promotion';

/** The note's limit, as the request schema's (kept here so zod stays out of the event page's first load). */
const NOTE_MAX_CHARS = 280;

/** Asks the host for a promotion link, with an optional note. */
export default function PromoteDialog({
  eventId,
  eventName,
  onClose,
  onSent,
}: {
  eventId: string;
  eventName: string;
  onClose(): void;
  onSent(message: string): void;
}) {
  const request = useRequestPromotion(eventId);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<{ message: string; field?: string } | null>(null);

  async function send() {
    setFailure(null);
    try {
      const answer = await request.mutateAsync({ note });
      onSent(answer.message);
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.note : undefined;
      setFailure({ message: error instanceof Error ? error.message : 'Your request could not be sent. Please try again.', field });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Promote ${eventName}`}
      description="Ask the host for your own link to this campaign. Once they accept, your name and picture are shown on the campaign page with the pledges made through your link. The money goes exactly where it would without the link."
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(formEvent) => {
          formEvent.preventDefault();
          void send();
        }}
      >
        {failure && !failure.field && <Alert tone="error">{failure.message}</Alert>}
        <Field
          label="Note to the host (optional)"
          error={failure?.field}
          hint={`Up to ${NOTE_MAX_CHARS} characters: who you are and whom you will share it with.`}
        >
          <Textarea rows={3} value={note} onChange={(changeEvent) => setNote(changeEvent.target.value)} />
        </Field>
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={request.isPending} loadingText="Sending…">
            Send request
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
