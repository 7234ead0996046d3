import { randomUUID } from 'node:crypto';
import {
  EVENT_MESSAGES,
  EditEventForm,
  MAX_PARTICIPANTS,
  RUNOFF_MAX_OPTIONS,
  allowedTransitions,
  centsToDollars,
  dollarsToCents,
  statusBadge,
  type Actor,
  type EventStatus,
} from '@pledgeway/domain';
import type { z } from 'zod';
import type { AppContext, AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, fieldsFromZod } from '../../errors.ts';
import {
  DOCUMENT_CONTENT_TYPES as CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  documentExtension,
  parseMultipartJson,
  storeImage,
  type MultipartBody,
} from '../../lib/uploads.ts';
import { assertCanManage, isFinished } from '../event-reads/index.ts';
import { createLifecycleService } from '../lifecycle/index.ts';
import { applyRunoffRules, runoffRuleFields } from '../runoff/index.ts';
import type { CampaignRow } from '../event-records/index.ts';
import { loadEventDetail } from './campaign-detail.ts';
import { eventRecords } from '../event-records/index.ts';
import { participantRecords, type NewParticipant } from '../participants/index.ts';
import { eventsRepository } from './repository.ts';

/** A participant of the edit form in the database's column names (the fields both update and insert write). */
function participantColumns(person: { about: string; full_name: string; email: string; occupation: string; company_name: string; about_participant: string }) {
  return {
    about: person.about,
    fullName: person.full_name,
    email: person.email,
    occupation: person.occupation,
    companyName: person.company_name,
    aboutParticipant: person.about_participant,
  };
}

/** The edit form's multipart parts (docs/product.md#7-api-calls): text fields, JSON text fields, the banner and documents. */
export const EDIT_FORM_PARTS = {
  fields: [
    'name',
    'description',
    'categories',
    'target_amount',
    'status',
    'rejection_reason',
    'reason',
    'location_type',
    'event_date',
    'event_time',
    'event_location',
    'online_event_link',
    'host_contact_email',
    'participants',
    'runoff_win_by',
    'runoff_fixed_amount',
    'runoff_chargeable_places',
  ],
  files: ['banner_image', 'documents'],
} as const;

type EditForm = z.infer<typeof EditEventForm>;
type StoredDocument = { fileName: string; originalName: string; sizeBytes: number; contentType: string };

/** The sent multipart fields merged onto the stored campaign, validated with the edit form's own schema. */
function parseEditForm(row: CampaignRow, fields: MultipartBody['fields']): EditForm {
  const parsed = EditEventForm.safeParse({
    name: fields.name ?? row.name,
    description: fields.description ?? row.description,
    categories: parseMultipartJson(fields.categories, 'categories', { allowText: true }) ?? row.categories,
    target_amount: fields.target_amount ?? String(centsToDollars(row.targetCents)),
    status: fields.status ?? 'default',
    location_type: fields.location_type ?? row.locationType,
    event_date: fields.event_date ?? row.eventDate ?? '',
    event_time: fields.event_time ?? row.eventTime,
    event_location: fields.event_location ?? row.eventLocation,
    online_event_link: fields.online_event_link ?? row.onlineEventLink,
    original_event_date: row.eventDate,
    host_contact_email: fields.host_contact_email ?? row.hostContactEmail,
    participants: parseMultipartJson(fields.participants, 'participants'),
    ...runoffRuleFields(row, fields),
  });
  if (!parsed.success) throw AppError.validation(fieldsFromZod(parsed.error));
  return parsed.data;
}

/** The status the edit leads to, refused (409) when this actor may not make that change. */
function nextStatus(row: CampaignRow, actor: Actor, form: EditForm): EventStatus {
  // A creator who edits a rejected campaign resubmits it for review (docs/product.md#campaign-life-cycle).
  const resubmitted: EventStatus = row.status === 'rejected' && actor === 'owner' ? 'pending' : row.status;
  const next: EventStatus = form.status === 'default' || form.status === '' ? resubmitted : form.status;
  if (next !== row.status && !allowedTransitions(row.status, actor).includes(next)) {
    const who = actor === 'admin' ? 'an admin' : 'its creator';
    throw AppError.conflict(
      'STATUS_TRANSITION_NOT_ALLOWED',
      `A campaign cannot be changed from ${statusBadge(row.status).label} to ${statusBadge(next).label} by ${who}`,
    );
  }
  return next;
}

/** The sent participants split into changes of stored ones and additions, within the campaign's limit. */
async function planParticipants(db: Executor, row: CampaignRow, form: EditForm) {
  const existing = await eventsRepository.participantsOf(db, row.id);
  const updates = (form.participants ?? []).filter((person) => person._id);
  const additions = (form.participants ?? []).filter((person) => !person._id);
  for (const person of updates) {
    if (!existing.some((item) => item.id === person._id)) throw AppError.validation({ participants: 'Unknown participant' });
  }
  const total = existing.length + additions.length;
  const limit = row.kind === 'runoff' ? RUNOFF_MAX_OPTIONS : MAX_PARTICIPANTS;
  if (total > limit) {
    throw AppError.validation({ participants: row.kind === 'runoff' ? EVENT_MESSAGES.runoffParticipants : EVENT_MESSAGES.participantsMax });
  }
  return { existing, updates, additions };
}

/**
 * Validates and stores the sent banner and documents. Each stored key is pushed to `stored` at
 * once, so the caller can remove them all if anything later fails.
 */
async function storeEditFiles(storage: AppContext['storage'], files: MultipartBody['files'], stored: string[]) {
  let bannerUrl: string | undefined;
  const documents: StoredDocument[] = [];
  for (const file of files) {
    if (file.fieldname === 'banner_image') {
      const saved = await storeImage(storage, file.buffer, 'banners').catch((error: unknown) => {
        if (error instanceof AppError) throw new AppError(error.code, error.message, error.status, { banner_image: error.message });
        throw error;
      });
      stored.push(saved.key);
      bannerUrl = saved.url;
    } else if (/^documents(\[\d+\])?$/.test(file.fieldname)) {
      if (file.buffer.length > DOCUMENT_MAX_BYTES)
        throw new AppError('DOCUMENT_TOO_LARGE', EVENT_MESSAGES.documentTooLarge, 413, { documents: EVENT_MESSAGES.documentTooLarge });
      const ext = await documentExtension(file.buffer);
      if (!ext) throw AppError.validation({ documents: EVENT_MESSAGES.documentType });
      const saved = await storage.put(`documents/${randomUUID()}.${ext}`, file.buffer, CONTENT_TYPES[ext]);
      stored.push(saved.key);
      documents.push({
        fileName: saved.key,
        originalName: (file.filename || `document.${ext}`).slice(0, 200),
        sizeBytes: file.buffer.length,
        contentType: CONTENT_TYPES[ext],
      });
    }
  }
  return { bannerUrl, documents };
}

/** Writes the campaign's fields, participants and documents in the caller's transaction. */
async function writeEdit(
  tx: Executor,
  row: CampaignRow,
  form: EditForm,
  participants: Awaited<ReturnType<typeof planParticipants>>,
  files: Awaited<ReturnType<typeof storeEditFiles>>,
) {
  const { existing, updates, additions } = participants;
  const { bannerUrl, documents } = files;
  await eventRecords.update(tx, row.id, {
    name: form.name,
    description: form.description,
    categories: form.categories,
    targetCents: dollarsToCents(form.target_amount),
    locationType: form.location_type,
    eventDate: form.event_date,
    eventTime: form.event_time,
    eventLocation: form.location_type === 'physical' ? form.event_location : '',
    onlineEventLink: form.online_event_link,
    hostContactEmail: form.host_contact_email,
    ...(bannerUrl ? { bannerImage: bannerUrl } : {}),
  });
  if (row.kind === 'runoff') await applyRunoffRules(tx, row.id, form);
  for (const person of updates) {
    await participantRecords.update(tx, person._id!, {
      ...participantColumns(person),
      ...(person.accepted === undefined ? {} : { accepted: person.accepted }),
    });
  }
  const nextPosition = existing.reduce((max, item) => Math.max(max, item.position + 1), 0);
  await participantRecords.insertMany(
    tx,
    additions.map((person, index): NewParticipant => ({
      eventId: row.id,
      ...participantColumns(person),
      accepted: person.accepted ?? false,
      position: nextPosition + index,
    })),
  );
  await eventRecords.insertDocuments(
    tx,
    documents.map((doc) => ({ ...doc, eventId: row.id })),
  );
}

/**
 * PUT /api/events/:id (docs/product.md#7-api-calls): the sent multipart fields are merged onto the stored
 * campaign and the result is validated with the edit form's own schema; files are new ones only.
 */
export async function applyEventUpdate(ctx: AppContext, eventId: string, auth: AuthInfo | null, body: MultipartBody) {
  const { db, storage } = ctx;
  const row = await eventRecords.findById(db, eventId);
  if (!row) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
  const actor = assertCanManage(row, auth);
  if (isFinished(row.status)) throw AppError.conflict('EVENT_NOT_EDITABLE', 'This campaign has ended and can no longer be edited');

  const fields = body.fields;
  const form = parseEditForm(row, fields);
  const next = nextStatus(row, actor, form);
  const participants = await planParticipants(db, row, form);

  // Files: validated and stored before the transaction, removed again if it fails.
  const stored: string[] = [];
  try {
    const files = await storeEditFiles(storage, body.files, stored);
    const lifecycle = createLifecycleService(ctx);
    const after = await db.transaction(async (tx) => {
      // The status select goes through the life cycle: row lock, transition table, effects.
      const change =
        next === row.status
          ? undefined
          : await lifecycle.changeWithin(tx, { eventId: row.id, auth, action: 'edit', to: next, reason: fields.rejection_reason ?? fields.reason });
      await writeEdit(tx, row, form, participants, files);
      return change?.after;
    });
    after?.();
  } catch (error) {
    await Promise.all(stored.map((key) => storage.remove(key).catch(() => undefined)));
    throw error;
  }
  const loaded = await loadEventDetail(db, row.id);
  return loaded!.detail;
}
