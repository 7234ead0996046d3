import { toast } from 'sonner';
import type { ParticipantDraftInput } from '@pledgeway/domain/schemas/event-create';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import { Avatar } from '@/components/ui/avatar';
import { ChevronDownIcon, TrashIcon } from '@/components/ui/icons';
import { ImagePicker } from '../image-picker';

interface AddedParticipantItemProps {
  person: ParticipantDraftInput;
  open: boolean;
  onToggle(): void;
  onRemove(): void;
  onImageChange(dataUrl: string): void;
}

/** One participant already added: a summary row that expands to the details and a new image. */
export function AddedParticipantItem({ person, open, onToggle, onRemove, onImageChange }: AddedParticipantItemProps) {
  return (
    <li className="rounded-2xl border border-ink-100 bg-white">
      <div className="flex items-center gap-3 p-3">
        <Avatar src={person.profileImage || undefined} className="size-12" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-ink-900">{person.fullName}</p>
          <p className="truncate text-sm text-ink-500">
            {person.about} · {person.occupation}
          </p>
        </div>
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} onClick={onToggle}>
          {open ? 'Collapse' : 'Expand'}
          <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="grid size-10 place-items-center rounded-full text-danger-600 hover:bg-red-50"
          aria-label={`Remove ${person.fullName}`}
          onClick={onRemove}
        >
          <TrashIcon className="size-5" />
        </button>
      </div>
      {open && (
        <div className="grid gap-3 border-t border-ink-100 p-4 text-sm md:grid-cols-[1fr_auto]">
          <dl className="grid gap-1">
            {person.email && (
              <div>
                <dt className="inline font-semibold">Email: </dt>
                <dd className="inline">{person.email}</dd>
              </div>
            )}
            {person.companyName && (
              <div>
                <dt className="inline font-semibold">Company: </dt>
                <dd className="inline">{person.companyName}</dd>
              </div>
            )}
            <div>
              <dt className="inline font-semibold">About: </dt>
              <dd className="inline">{person.aboutParticipant}</dd>
            </div>
          </dl>
          <ImagePicker
            label={`Image of ${person.fullName}`}
            value={person.profileImage ?? ''}
            maxWidth={600}
            onChange={(dataUrl) => {
              onImageChange(dataUrl);
              toast.success(EVENT_MESSAGES.participantImageUpdated);
            }}
          />
        </div>
      )}
    </li>
  );
}
