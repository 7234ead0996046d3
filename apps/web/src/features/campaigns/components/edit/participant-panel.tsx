import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { EditEventForm, EditEventFormInput } from '@pledgeway/domain/schemas/event-update';
import type { ParticipantResponse } from '@pledgeway/domain/schemas/event-response';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { ChevronDownIcon, TrashIcon } from '@/components/ui/icons';
import { Input, Textarea } from '@/components/ui/input';
import { mediaUrl } from '@/lib/format';
import { useParticipantImage } from '../../api/participant-image';
import { useRemoveParticipant } from '../../api/remove-participant';
import { useSetParticipantAccepted } from '../../api/set-participant-accepted';
import { ImagePicker } from '../image-picker';

interface ParticipantPanelProps {
  index: number;
  participant: ParticipantResponse;
  form: UseFormReturn<EditEventFormInput, unknown, EditEventForm>;
  onRemoved(): void;
  /** False for the last participant: a campaign keeps at least one (as creation requires). */
  removable: boolean;
}

/** The participant's image, changed at once (not with the form's save). */
function useParticipantImageState(participant: ParticipantResponse) {
  const [image, setImage] = useState(participant.profile_image_url);
  const changeImage = useParticipantImage();

  async function change(blob: Blob) {
    try {
      const result = await changeImage.mutateAsync({ participantId: participant._id, image: blob });
      if (!result.profile_image) throw new Error('Invalid response format');
      setImage(result.profile_image);
      toast.success(result.message);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Failed to update profile image');
    }
  }

  return { image, change };
}

/** One participant on the edit page: fields, image change and removal show only while open. */
export function ParticipantPanel({ index, participant, form, onRemoved, removable }: ParticipantPanelProps) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { image, change } = useParticipantImageState(participant);
  const remove = useRemoveParticipant();
  const panelId = `participant-panel-${participant._id}`;

  async function removeNow() {
    try {
      await remove.mutateAsync(participant._id);
      toast.success(EVENT_MESSAGES.participantRemoved);
      setConfirming(false);
      onRemoved();
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : EVENT_MESSAGES.participantRemoveFailed);
    }
  }

  return (
    <li className="rounded-2xl border border-ink-100 bg-white">
      <div className="flex items-center gap-3 p-3">
        <Avatar src={mediaUrl(image) || undefined} className="size-12" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{participant.full_name}</p>
          <p className="truncate text-sm text-ink-500">{participant.occupation}</p>
        </div>
        {participant.accepted ? <Badge tone="green">Accepted</Badge> : <Badge tone="grey">Invited</Badge>}
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {open ? 'Close' : 'Open'}
          <span className="sr-only"> details of {participant.full_name}</span>
          <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </button>
      </div>
      {open && (
        <div id={panelId} className="grid gap-4 border-t border-ink-100 p-4 md:grid-cols-2">
          <ParticipantFields index={index} participant={participant} form={form} />
          <ImagePicker
            label={`Image of ${participant.full_name}`}
            value={mediaUrl(image)}
            maxWidth={600}
            buttonLabel="Change image"
            onChange={(_dataUrl, blob) => change(blob)}
          />
          <div className="flex flex-col items-end justify-end gap-2">
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={!removable}
              aria-describedby={removable ? undefined : `${panelId}-last`}
              onClick={() => setConfirming(true)}
            >
              <TrashIcon className="size-4" aria-hidden="true" /> Remove participant
            </button>
            {!removable && (
              <p id={`${panelId}-last`} className="text-right text-sm text-ink-600">
                {EVENT_MESSAGES.lastParticipant}
              </p>
            )}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove participant"
        description={EVENT_MESSAGES.removeParticipantConfirm}
        tone="danger"
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={removeNow}
      />
    </li>
  );
}

/** The participant's part of the edit form, saved with it, and their acceptance, saved at once. */
function ParticipantFields({ index, participant, form }: Pick<ParticipantPanelProps, 'index' | 'participant' | 'form'>) {
  const errors = form.formState.errors.participants?.[index];
  return (
    <>
      <Field label="Full name" required error={errors?.full_name?.message}>
        <Input {...form.register(`participants.${index}.full_name`)} />
      </Field>
      <Field label="Email" required error={errors?.email?.message} hint="To invite them; never shown on the campaign page.">
        <Input type="email" {...form.register(`participants.${index}.email`)} />
      </Field>
      <Field label="Occupation" required error={errors?.occupation?.message}>
        <Input {...form.register(`participants.${index}.occupation`)} />
      </Field>
      <Field label="Company name" error={errors?.company_name?.message}>
        <Input {...form.register(`participants.${index}.company_name`)} />
      </Field>
      <Field label="About (role)" required error={errors?.about?.message}>
        <Input {...form.register(`participants.${index}.about`)} />
      </Field>
      <AcceptedCheckbox participant={participant} />
      <Field className="md:col-span-2" label="About the participant">
        <Textarea rows={3} {...form.register(`participants.${index}.about_participant`)} />
      </Field>
    </>
  );
}

function AcceptedCheckbox({ participant }: { participant: ParticipantResponse }) {
  const accept = useSetParticipantAccepted();
  return (
    <label className="flex items-center gap-3 self-end rounded-xl border border-ink-100 p-3">
      <input
        type="checkbox"
        className="size-5 accent-brand-600"
        checked={participant.accepted}
        disabled={accept.isPending}
        onChange={(event) =>
          accept.mutate(
            { participantId: participant._id, accepted: event.target.checked },
            { onSuccess: (result) => toast.success(result.message), onError: (error) => toast.error(error.message) },
          )
        }
      />
      <span>
        <span className="block font-semibold">Accepted</span>
        <span className="text-sm text-ink-500">Shown on the campaign page once they agreed to take part.</span>
      </span>
    </label>
  );
}
