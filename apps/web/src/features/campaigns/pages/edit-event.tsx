import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { centsToDollars, dollarsToCents } from '@pledgeway/domain/money';
import { statusBadge } from '@pledgeway/domain/status';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import type { DocumentDraft } from '@pledgeway/domain/schemas/event-create';
import { EditEventForm, type EditEventFormInput, type ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { todayIso } from '@pledgeway/domain/dates';
import { mediaUrl } from '@/lib/format';
import { useManagedEvent } from '../api/get-managed-event';
import { useUpdateEvent } from '../api/update-event';
import { CategoriesInput } from '../components/categories-input';
import { DescriptionInput } from '../components/description-input';
import { DocumentPicker } from '../components/document-picker';
import { ParticipantPanel } from '../components/edit/participant-panel';
import { BANNER_MAX_WIDTH } from '@pledgeway/domain/schemas/event-fields';
import { ImagePicker } from '../components/image-picker';
import { AmountInput } from '../components/amount-input';
import { dataUrlToBlob } from '../lib/images';
import { LocationTypeRadios } from '../components/location-type-radios';
import { RunoffRulesFields } from '../components/runoff/runoff-rules-fields';

function formValues(event: ManageEventResponse): EditEventFormInput {
  return {
    name: event.name,
    description: event.description,
    categories: event.categories,
    target_amount: String(centsToDollars(dollarsToCents(event.target_amount))),
    status: 'default',
    location_type: event.location_type,
    event_date: event.event_date ?? '',
    event_time: event.event_time,
    event_location: event.event_location,
    online_event_link: event.online_event_link,
    original_event_date: event.event_date,
    participants: event.participants.map((person) => ({
      _id: person._id,
      about: person.about,
      full_name: person.full_name,
      email: person.email,
      occupation: person.occupation,
      company_name: person.company_name,
      about_participant: person.about_participant,
      hide_email: person.hide_email,
    })),
    ...(event.kind === 'runoff'
      ? {
          kind: event.kind,
          runoff_win_by: event.runoff_win_by,
          runoff_fixed_amount: event.runoff_fixed_amount === null || event.runoff_fixed_amount === undefined ? '' : String(event.runoff_fixed_amount),
          runoff_chargeable_places: event.runoff_chargeable_places ? String(event.runoff_chargeable_places) : 'all',
        }
      : {}),
  };
}

function EditForm({ event }: { event: ManageEventResponse }) {
  const update = useUpdateEvent(event._id);
  const [banner, setBanner] = useState<{ preview: string; blob: Blob } | null>(null);
  const [documents, setDocuments] = useState<DocumentDraft[]>([]);
  const [people, setPeople] = useState(event.participants);
  const [saved, setSaved] = useState(false);
  const form = useForm<EditEventFormInput, unknown, EditEventForm>({
    resolver: zodResolver(EditEventForm),
    mode: 'onTouched',
    defaultValues: formValues(event),
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const type = useWatch({ control, name: 'location_type' });

  const onSubmit = form.handleSubmit(async (values) => {
    const body = new FormData();
    body.set('name', values.name);
    body.set('description', values.description);
    body.set('categories', JSON.stringify(values.categories));
    body.set('target_amount', String(values.target_amount));
    body.set('status', values.status);
    body.set('location_type', values.location_type);
    body.set('event_date', values.event_date);
    body.set('event_time', values.event_time);
    if (values.location_type === 'physical') body.set('event_location', values.event_location);
    body.set('online_event_link', values.online_event_link);
    body.set('participants', JSON.stringify((values.participants ?? []).filter((person) => people.some((item) => item._id === person._id))));
    if (event.kind === 'runoff') {
      body.set('runoff_win_by', values.runoff_win_by ?? '');
      body.set('runoff_fixed_amount', values.runoff_fixed_amount === null ? '' : String(values.runoff_fixed_amount));
      body.set('runoff_chargeable_places', values.runoff_chargeable_places === null ? 'all' : String(values.runoff_chargeable_places));
    }
    if (banner) body.set('banner_image', banner.blob, 'banner.jpg');
    for (const [index, doc] of documents.entries()) body.append(`documents[${index}]`, dataUrlToBlob(doc.content), doc.name);
    try {
      const result = await update.mutateAsync(body);
      toast.success(EVENT_MESSAGES.updated);
      setSaved(true);
      setBanner(null);
      setDocuments([]);
      setPeople(result.event.participants);
      form.reset(formValues({ ...event, ...result.event }));
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : EVENT_MESSAGES.updateFailed);
    }
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid grid-cols-1 gap-8">
      {saved && (
        <Alert tone="success" autoDismissMs={5000} onDismiss={() => setSaved(false)}>
          Successfully Updated
        </Alert>
      )}
      <section className="card grid grid-cols-1 gap-6 p-6">
        <ImagePicker
          label="Banner image"
          shape="banner"
          aspect={4 / 3}
          maxWidth={BANNER_MAX_WIDTH}
          buttonLabel="Change banner"
          value={banner?.preview ?? mediaUrl(event.banner_image_url)}
          onChange={(preview, blob) => setBanner({ preview, blob })}
        />
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <Field label="Event name" required error={errors.name?.message}>
            <Input {...register('name')} />
          </Field>
          <Field label="Status" hint={`Currently ${statusBadge(event.status).label}.`}>
            <Select {...register('status')}>
              <option value="default">Keep current status ({statusBadge(event.status).label})</option>
              {event.allowed_statuses.map((status) => (
                <option key={status} value={status}>
                  {status === 'pending' && event.status === 'rejected' ? 'Resubmit for review (Pending)' : statusBadge(status).label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field label="Categories" required error={errors.categories?.message}>
          <Controller
            control={control}
            name="categories"
            render={({ field }) => <CategoriesInput value={(field.value as string[]) ?? []} onChange={field.onChange} onBlur={field.onBlur} />}
          />
        </Field>
        <Field label="Target amount (USD)" required error={errors.target_amount?.message}>
          <AmountInput control={control} name="target_amount" />
        </Field>
        <Field label="Description" required error={errors.description?.message}>
          <Controller
            control={control}
            name="description"
            render={({ field }) => <DescriptionInput value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
          />
        </Field>
      </section>

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

      <section className="card grid grid-cols-1 gap-4 p-6" aria-labelledby="people">
        <h2 id="people" className="text-lg font-semibold">
          {event.kind === 'runoff' ? 'Runoff options (2 to 8)' : 'Participants'}
        </h2>
        {event.kind === 'runoff' && (
          <RunoffRulesFields
            control={control}
            register={register}
            errors={errors}
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
                  onRemoved={() => setPeople((current) => current.filter((item) => item._id !== person._id))}
                />
              );
            })}
          </ul>
        ) : (
          <p className="text-ink-500">No participants.</p>
        )}
      </section>

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
        <DocumentPicker value={documents} onChange={setDocuments} max={10} label="Add documents" />
      </section>

      <div className="flex flex-wrap justify-end gap-3">
        <Link to={paths.user.eventSummary(event._id)} className={buttonClasses({ variant: 'outline' })}>
          Cancel
        </Link>
        <Button type="submit" loading={formState.isSubmitting} loadingText="Saving...">
          SAVE CHANGES
        </Button>
      </div>
    </form>
  );
}

/** Why the form is gone; a creator who has just closed the campaign learns what happens to the money. */
function endedNotice(status: ManageEventResponse['status']): string {
  if (status === 'close') {
    return 'This campaign is closed and can no longer be edited. Your own pledge is refunded to your card less the card fee, the refund fee and 5%; supporters’ pledges are released uncharged.';
  }
  return 'This campaign has ended and can no longer be edited.';
}

/** /user/event/edit/{id}: every field of SPEC.md's edit form, owner or admin only. */
export default function EditEventPage() {
  const { eventId = '' } = useParams();
  const query = useManagedEvent(eventId);
  if (query.isPending) return <FullPageSpinner label="Loading campaign" />;
  if (query.isError) {
    return (
      <div className="container-page py-12">
        <Alert tone="error">{query.error.message || 'Failed to load event details'}</Alert>
      </div>
    );
  }
  return (
    <div className="container-page max-w-4xl py-8 md:py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Edit campaign</p>
      <h1 className="mt-1 mb-8 text-3xl font-bold break-words">{query.data.name}</h1>
      {query.data.editable ? <EditForm key={query.data._id} event={query.data} /> : <Alert tone="info">{endedNotice(query.data.status)}</Alert>}
    </div>
  );
}
