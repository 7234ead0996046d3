import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { centsToDollars, dollarsToCents } from '@pledgeway/domain/money';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import type { DocumentDraft } from '@pledgeway/domain/schemas/event-create';
import { EditEventForm, type EditEventFormInput, type ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { useUpdateEvent } from '../api/update-event';
import { dataUrlToBlob } from '../lib/images';

export type EditEventFormApi = UseFormReturn<EditEventFormInput, unknown, EditEventForm>;

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
    host_contact_email: event.host.contact_email,
    participants: event.participants.map((person) => ({
      _id: person._id,
      about: person.about,
      full_name: person.full_name,
      email: person.email,
      occupation: person.occupation,
      company_name: person.company_name,
      about_participant: person.about_participant,
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

interface EditUploads {
  banner: { blob: Blob } | null;
  documents: DocumentDraft[];
  /** The participants still on the campaign (one removed on the page is gone from the server already). */
  people: ManageEventResponse['participants'];
}

/** The multipart body of PUT /events/{id}: the form's fields, the new banner and documents. */
function editFormData(event: ManageEventResponse, values: EditEventForm, { banner, documents, people }: EditUploads): FormData {
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
  body.set('host_contact_email', values.host_contact_email);
  body.set('participants', JSON.stringify((values.participants ?? []).filter((person) => people.some((item) => item._id === person._id))));
  if (event.kind === 'runoff') {
    body.set('runoff_win_by', values.runoff_win_by ?? '');
    body.set('runoff_fixed_amount', values.runoff_fixed_amount === null ? '' : String(values.runoff_fixed_amount));
    body.set('runoff_chargeable_places', values.runoff_chargeable_places === null ? 'all' : String(values.runoff_chargeable_places));
  }
  if (banner) body.set('banner_image', banner.blob, 'banner.jpg');
  for (const [index, doc] of documents.entries()) body.append(`documents[${index}]`, dataUrlToBlob(doc.content), doc.name);
  return body;
}

/** The edit page's form and what is uploaded with it; after a save the form shows the saved campaign. */
export function useEditEventForm(event: ManageEventResponse) {
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

  const submit = form.handleSubmit(async (values) => {
    const body = editFormData(event, values, { banner, documents, people });
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

  return { form, submit, banner, setBanner, documents, setDocuments, people, setPeople, saved, setSaved };
}
