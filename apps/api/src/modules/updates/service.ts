import { EVENT_MESSAGES } from '@pledgeway/domain';
import {
  CreateCommentRequest,
  PostUpdateFields,
  UPDATE_MESSAGES,
  canPostUpdates,
  type CampaignUpdate,
  type UpdateAttachment,
  type UpdateComment,
} from '@pledgeway/domain/schemas/updates';
import type { AppContext, AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { EmailMessage } from '../../providers/email/index.ts';
import { AppError, fieldsFromZod } from '../../errors.ts';
import { documentExtension, storeDocument, storeImage, type MultipartBody, type UploadedFile } from '../../lib/uploads.ts';
import { assertCanManage, assertCanSee, canView } from '../event-reads/index.ts';
import type { CampaignRow } from '../event-records/index.ts';
import { eventRecords } from '../event-records/index.ts';
import { createUnsubscribeTokens } from './unsubscribe.ts';
import { updatesRepository, type CommentRow, type UpdateRow } from './repository.ts';

/** The multipart field carrying the optional image or document. */
export const ATTACHMENT_FIELD = 'attachment';

function toComment(row: CommentRow): UpdateComment {
  return {
    _id: row.id,
    author_name: row.authorName ?? 'Former supporter',
    body: row.body,
    created_at: row.createdAt.toISOString(),
    hidden: row.hiddenAt !== null,
  };
}

function toAttachment(row: UpdateRow): UpdateAttachment | null {
  if (!row.attachmentKind || !row.attachmentUrl) return null;
  return { kind: row.attachmentKind, url: row.attachmentUrl, name: row.attachmentName ?? '', size: row.attachmentSize ?? 0 };
}

function toUpdate(row: UpdateRow, comments: CommentRow[]): CampaignUpdate {
  return {
    _id: row.id,
    event_id: row.eventId,
    message: row.message,
    attachment: toAttachment(row),
    created_at: row.createdAt.toISOString(),
    comments: comments.filter((comment) => comment.updateId === row.id).map(toComment),
  };
}

const attachmentError = (error: AppError) => new AppError(error.code, error.message, error.status, { [ATTACHMENT_FIELD]: error.message });

/** Campaign updates: the creator (or an admin) posts, supporters who asked are e-mailed, supporters comment. */
export function createUpdatesService(ctx: AppContext) {
  const { db, storage, mailer, config } = ctx;

  async function loadEvent(eventId: string): Promise<CampaignRow> {
    const row = await eventRecords.findById(db, eventId);
    if (!row) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
    return row;
  }

  /** Published campaigns are public; the others only to their creator and admins (as their page is). */
  async function loadVisibleEvent(eventId: string, auth: AuthInfo | null): Promise<CampaignRow> {
    const row = await loadEvent(eventId);
    assertCanSee(row, auth);
    return row;
  }

  async function mayComment(row: CampaignRow, auth: AuthInfo | null): Promise<boolean> {
    if (!auth) return false;
    return canView(row, auth) || updatesRepository.isSupporter(db, row.id, auth.userId);
  }

  /** Checks the file by its bytes and stores it: a doc/docx/pdf as it is, anything else must be an image (re-encoded). */
  async function storeAttachment(file: UploadedFile) {
    if (await documentExtension(file.buffer)) {
      const saved = await storeDocument(storage, file.buffer, 'update-files').catch((error: unknown) => {
        throw error instanceof AppError ? attachmentError(error) : error;
      });
      return { kind: 'document' as const, key: saved!.key, url: saved!.url, name: (file.filename || 'document').slice(0, 200), size: file.buffer.length };
    }
    const saved = await storeImage(storage, file.buffer, 'updates').catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_AN_IMAGE') throw AppError.validation({ [ATTACHMENT_FIELD]: UPDATE_MESSAGES.attachmentType });
      throw error instanceof AppError ? attachmentError(error) : error;
    });
    return { kind: 'image' as const, key: saved.key, url: saved.url, name: 'Image', size: file.buffer.length };
  }

  /** The update's e-mails to the supporters who asked for updates, written to the outbox with the update. */
  async function emailSupporters(tx: Executor, row: CampaignRow, update: UpdateRow): Promise<number> {
    const recipients = await updatesRepository.updateRecipients(tx, row.id);
    const link = `${config.publicUrl}/events/${row.id}`;
    const attachment = update.attachmentUrl ? ['', `Attached: ${config.publicUrl}${update.attachmentUrl}`] : [];
    const unsubscribe = createUnsubscribeTokens(config.jwtSecret);
    const messages = await Promise.all(
      recipients.map(async (person): Promise<EmailMessage> => ({
        to: person.email,
        kind: 'campaign-update',
        unsubscribeUrl: await unsubscribe.url(config.publicUrl, person.userId, row.id),
        subject: `Update from ${row.name}`,
        text: [
          `Hello ${person.name},`,
          '',
          `${row.hostFullName || 'The creator'} posted an update on "${row.name}":`,
          '',
          update.message,
          ...attachment,
          '',
          `Read it and join the conversation: ${link}`,
          '',
          'You receive these e-mails because you asked for updates when you pledged to this campaign.',
        ].join('\n'),
      })),
    );
    await mailer.sendMany(messages, tx);
    return recipients.length;
  }

  return {
    async list(eventId: string, auth: AuthInfo | null) {
      const row = await loadVisibleEvent(eventId, auth);
      const canManage = canView(row, auth);
      const updates = await updatesRepository.updatesOf(db, row.id);
      const comments = await updatesRepository.commentsOf(
        db,
        updates.map((update) => update.id),
        canManage,
      );
      return {
        updates: updates.map((update) => toUpdate(update, comments)),
        can_manage: canManage,
        can_comment: await mayComment(row, auth),
      };
    },

    async post(eventId: string, auth: AuthInfo | null, body: MultipartBody) {
      const row = await loadEvent(eventId);
      assertCanManage(row, auth);
      if (!canPostUpdates(row.status)) throw AppError.conflict('EVENT_NOT_PUBLISHED', UPDATE_MESSAGES.notPublished);
      const parsed = PostUpdateFields.safeParse({ message: body.fields.message ?? '' });
      if (!parsed.success) throw AppError.validation(fieldsFromZod(parsed.error));
      const files = body.files.filter((file) => file.buffer.length > 0);
      if (files.length > 1 || files.some((file) => file.fieldname !== ATTACHMENT_FIELD)) {
        throw AppError.validation({ [ATTACHMENT_FIELD]: UPDATE_MESSAGES.oneAttachment });
      }
      const attachment = files[0] ? await storeAttachment(files[0]) : undefined;
      // The update and its e-mails commit together: no update whose supporters were never told.
      const posted = await db
        .transaction(async (tx) => {
          const update = await updatesRepository.insertUpdate(tx, {
            eventId: row.id,
            authorId: auth!.userId,
            message: parsed.data.message,
            attachmentKind: attachment?.kind ?? null,
            attachmentUrl: attachment?.url ?? null,
            attachmentName: attachment?.name ?? null,
            attachmentSize: attachment?.size ?? null,
          });
          return { update, emailed: await emailSupporters(tx, row, update) };
        })
        .catch(async (error: unknown) => {
          if (attachment) await storage.remove(attachment.key).catch(() => undefined);
          throw error;
        });
      return { update: toUpdate(posted.update, []), emailed: posted.emailed };
    },

    async comment(updateId: string, auth: AuthInfo | null, input: CreateCommentRequest) {
      if (!auth) throw AppError.unauthenticated();
      const update = await updatesRepository.findUpdate(db, updateId);
      if (!update) throw AppError.notFound(UPDATE_MESSAGES.updateNotFound);
      const row = await loadVisibleEvent(update.eventId, auth);
      if (!(await mayComment(row, auth))) throw AppError.forbidden(UPDATE_MESSAGES.onlySupporters);
      const parsed = CreateCommentRequest.parse(input);
      return toComment(await updatesRepository.insertComment(db, { updateId: update.id, userId: auth.userId, body: parsed.body }));
    },

    async hide(commentId: string, auth: AuthInfo | null) {
      if (!auth) throw AppError.unauthenticated();
      const comment = await updatesRepository.findComment(db, commentId);
      if (!comment) throw AppError.notFound(UPDATE_MESSAGES.commentNotFound);
      const update = await updatesRepository.findUpdate(db, comment.updateId);
      const row = await loadEvent(update!.eventId);
      if (!canView(row, auth)) throw AppError.forbidden(UPDATE_MESSAGES.onlyCreatorHides);
      await updatesRepository.hideComment(db, comment.id, auth.userId);
      return toComment((await updatesRepository.findComment(db, comment.id))!);
    },
  };
}
