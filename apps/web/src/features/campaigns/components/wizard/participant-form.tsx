import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { ParticipantDraft, RunoffOptionDraft, type ParticipantDraftInput } from '@pledgeway/domain/schemas/event-create';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import { ParticipantPersonFields, RunoffOptionFields } from './person-fields';

export const EMPTY_PARTICIPANT: ParticipantDraftInput = {
  about: '',
  fullName: '',
  email: '',
  occupation: '',
  companyName: '',
  aboutParticipant: '',
  profileImage: '',
};

interface ParticipantFormProps {
  index: number;
  onAdd(participant: ParticipantDraftInput): void;
  onRemove?(): void;
  /** A runoff option: name, description and image; the person fields are left out. */
  isRunoff?: boolean;
}

/** One participant form: validated on submit, then moved into the added list and cleared. */
export function ParticipantForm({ index, onAdd, onRemove, isRunoff = false }: ParticipantFormProps) {
  const form = useForm<ParticipantDraftInput, unknown, ParticipantDraft>({
    // A runoff option's output has every field a participant has (the person fields as '').
    resolver: (isRunoff ? zodResolver(RunoffOptionDraft) : zodResolver(ParticipantDraft)) as Resolver<ParticipantDraftInput, unknown, ParticipantDraft>,
    mode: 'onTouched',
    defaultValues: EMPTY_PARTICIPANT,
  });
  const submit = form.handleSubmit(
    (values) => {
      onAdd({ ...values });
      form.reset(EMPTY_PARTICIPANT);
      toast.success(EVENT_MESSAGES.participantAdded);
    },
    () => toast.error(EVENT_MESSAGES.participantsFillAll),
  );

  return (
    <section
      className="rounded-2xl border border-dashed border-ink-200 bg-ink-50/50 p-4 sm:p-6"
      aria-label={`${isRunoff ? 'Option' : 'Participant'} form ${index + 1}`}
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h4 className="text-base font-semibold">{isRunoff ? 'New option' : 'New participant'}</h4>
        {onRemove && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
            Remove form
          </button>
        )}
      </div>
      {isRunoff ? <RunoffOptionFields form={form} /> : <ParticipantPersonFields form={form} />}
      <div className="mt-4 flex justify-end">
        <button type="button" className="btn btn-dark" onClick={() => void submit()}>
          {isRunoff ? 'Add option' : 'Add participant'}
        </button>
      </div>
    </section>
  );
}
