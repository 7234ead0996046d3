import type { Dispatch, SetStateAction } from 'react';
import { useWatch } from 'react-hook-form';
import { statusBadge } from '@pledgeway/domain/status';
import { BANNER_MAX_WIDTH } from '@pledgeway/domain/schemas/event-fields';
import type { DocumentDraft } from '@pledgeway/domain/schemas/event-create';
import type { ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { todayIso } from '@pledgeway/domain/dates';
import { mediaUrl } from '@/lib/format';
import type { EditEventFormApi } from '../../hooks/use-edit-event-form';
import { AmountInput } from '../amount-input';
import { CategoriesField, DescriptionField } from '../campaign-fields';
import { DocumentPicker } from '../document-picker';
import { ImagePicker } from '../image-picker';
import { LocationTypeRadios } from '../location-type-radios';
import { RunoffRulesFields } from '../runoff/runoff-rules-fields';
import { ParticipantPanel } from './participant-panel';

// The sections of the edit form (/user/event/edit/{id}), in page order.

/** Complete and Close move money: they are actions of their own with a confirmation (EndCampaignActions), not a choice in the select. */
const isFormStatus = (status: ManageEventResponse['status']) => status !== 'close' && status !== 'completed';

interface BasicsSectionProps {
  event: ManageEventResponse;
  form: EditEventFormApi;
  banner: { preview: string } | null;
  onBannerChange(banner: { preview: string; blob: Blob }): void;
}

export function BasicsSection({ event, form, banner, onBannerChange }: BasicsSectionProps) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
    <section className="card grid grid-cols-1 gap-6 p-6">
      <ImagePicker
        label="Banner image"
        shape="banner"
        aspect={4 / 3}
        maxWidth={BANNER_MAX_WIDTH}
        buttonLabel="Change banner"
        value={banner?.preview ?? mediaUrl(event.banner_image_url)}
        onChange={(preview, blob) => onBannerChange({ preview, blob })}
      />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <Field label="Event name" required error={errors.name?.message}>
          <Input {...register('name')} />
        </Field>
        <Field label="Status" hint={`Currently ${statusBadge(event.status).label}.`}>
          <Select {...register('status')}>
            <option value="default">Keep current status ({statusBadge(event.status).label})</option>
            {event.allowed_statuses.filter(isFormStatus).map((status) => (
              <option key={status} value={status}>
                {status === 'pending' && event.status === 'rejected' ? 'Resubmit for review (Pending)' : statusBadge(status).label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <CategoriesField control={control} name="categories" error={errors.categories?.message} />
      <Field label="Target amount (USD)" required error={errors.target_amount?.message}>
        <AmountInput control={control} name="target_amount" />
      </Field>
      <DescriptionField control={control} name="description" error={errors.description?.message} />
    </section>
  );
}

export function WhenWhereSection({ form }: { form: EditEventFormApi }) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const type = useWatch({ control, name: 'location_type' });
  return (
    <section className="card grid grid-cols-1 gap-6 p-6" aria-labelledby="when-where">
      <h2 id="when-where" className="text-lg font-semibold">
        Date and place
      </h2>
      <LocationTypeRadios registration={register('location_type')} />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <Field label="Event date" required error={errors.event_date?.message}>
          <Input type="date" min={todayIso()} {...register('event_date')} />
        </Field>
        <Field label="Event time" required error={errors.event_time?.message}>
          <Input type="time" {...register('event_time')} />
        </Field>
        {type === 'physical' && (
          <Field label="Event location" required error={errors.event_location?.message}>
            <Input {...register('event_location')} />
          </Field>
        )}
        <Field label="Online event link" required={type !== 'physical'} error={errors.online_event_link?.message}>
          <Input type="url" placeholder="https://" {...register('online_event_link')} />
        </Field>
      </div>
    </section>
  );
}

interface PeopleSectionProps {
  event: ManageEventResponse;
  form: EditEventFormApi;
  people: ManageEventResponse['participants'];
  onPeopleChange: Dispatch<SetStateAction<ManageEventResponse['participants']>>;
}

export function PeopleSection({ event, form, people, onPeopleChange }: PeopleSectionProps) {
  return (
    <section className="card grid grid-cols-1 gap-4 p-6" aria-labelledby="people">
      <h2 id="people" className="text-lg font-semibold">
        {event.kind === 'runoff' ? 'Runoff options (2 to 8)' : 'Participants'}
      </h2>
      <Field
        label="Host's public contact e-mail (optional)"
        error={form.formState.errors.host_contact_email?.message}
        hint="The only e-mail the campaign page shows. Leave it empty to show none; your account e-mail and participants' e-mails are never shown."
      >
        <Input type="email" autoComplete="off" {...form.register('host_contact_email')} />
      </Field>
      {event.kind === 'runoff' && (
        <RunoffRulesFields
          control={form.control}
          register={form.register}
          errors={form.formState.errors}
          locked={(event.runoff_totals ?? []).some((option) => option.supporters > 0)}
        />
      )}
      {people.length ? (
        <ul className="grid grid-cols-1 gap-3">
          {people.map((person) => {
            const index = (form.getValues('participants') ?? []).findIndex((item) => item._id === person._id);
            return (
              <ParticipantPanel
                key={person._id}
                index={index}
                participant={person}
                form={form}
                removable={people.length > 1}
                onRemoved={() => onPeopleChange((current) => current.filter((item) => item._id !== person._id))}
              />
            );
          })}
        </ul>
      ) : (
        <p className="text-ink-500">No participants.</p>
      )}
    </section>
  );
}

interface DocumentsSectionProps {
  event: ManageEventResponse;
  documents: DocumentDraft[];
  onDocumentsChange(documents: DocumentDraft[]): void;
}

export function DocumentsSection({ event, documents, onDocumentsChange }: DocumentsSectionProps) {
  return (
    <section className="card grid grid-cols-1 gap-4 p-6" aria-labelledby="docs">
      <h2 id="docs" className="text-lg font-semibold">
        Documents
      </h2>
      {event.documents.length > 0 && (
        <ul className="grid grid-cols-1 gap-1 text-sm">
          {event.documents.map((doc) => (
            <li key={doc._id}>
              <a href={doc.url} target="_blank" rel="noreferrer" className="underline">
                {doc.original_name}
              </a>
            </li>
          ))}
        </ul>
      )}
      <DocumentPicker value={documents} onChange={onDocumentsChange} max={10} label="Add documents" />
    </section>
  );
}
