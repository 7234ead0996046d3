import { EVENT_MESSAGES, RUNOFF_MIN_OPTIONS } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { storeImage, type MultipartBody } from '../../lib/uploads.ts';
import { assertCanManage, isFinished } from '../event-reads/index.ts';
import { toParticipantResponse } from '../event-reads/index.ts';
import { eventRecords } from '../event-records/index.ts';
import { participantsRepository } from './repository.ts';
import { myPledgesRepository } from '../pledges/index.ts';

export type { NewParticipant } from './repository.ts';

/** A campaign's participants: only its creator or an admin changes them (403 otherwise). */
export function createParticipantsService(ctx: AppContext) {
  const { db, storage } = ctx;

  async function load(participantId: string, auth: AuthInfo | null) {
    const person = await participantsRepository.findById(db, participantId);
    if (!person) throw AppError.notFound('Participant not found');
    const event = await eventRecords.findById(db, person.eventId);
    if (!event) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
    assertCanManage(event, auth);
    if (isFinished(event.status)) throw AppError.conflict('EVENT_NOT_EDITABLE', 'This campaign has ended and can no longer be edited');
    return { person, event };
  }

  return {
    async changeImage(participantId: string, auth: AuthInfo | null, body: MultipartBody) {
      const { person } = await load(participantId, auth);
      const file = body.files.find((item) => item.fieldname === 'profile_image');
      if (!file) throw AppError.validation({ profile_image: EVENT_MESSAGES.selectImage });
      const saved = await storeImage(storage, file.buffer, 'participants', { maxWidth: 600 }).catch((error: unknown) => {
        if (error instanceof AppError) throw new AppError(error.code, error.message, error.status, { profile_image: error.message });
        throw error;
      });
      const updated = await participantsRepository.update(db, person.id, { profileImage: saved.url });
      if (person.profileImage.startsWith('/uploads/')) {
        await storage.remove(person.profileImage.slice('/uploads/'.length)).catch(() => undefined);
      }
      return { participant: toParticipantResponse(updated), profile_image: saved.url };
    },

    async remove(participantId: string, auth: AuthInfo | null) {
      const { person } = await load(participantId, auth);
      // Under the campaign row's lock: parallel removals queue, so the count checked is the count kept.
      const removed = await db.transaction(async (tx) => {
        const event = await eventRecords.lock(tx, person.eventId, 'update');
        if (!event) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
        if (!(await participantsRepository.exists(tx, event.id, person.id))) throw AppError.notFound('Participant not found');
        const remaining = await participantsRepository.countOf(tx, event.id);
        if (event.kind === 'runoff' && remaining <= RUNOFF_MIN_OPTIONS) {
          throw AppError.conflict('RUNOFF_MINIMUM', 'A runoff competition needs at least 2 participants');
        }
        if (remaining <= 1) throw AppError.conflict('LAST_PARTICIPANT', EVENT_MESSAGES.lastParticipant);
        if ((await myPledgesRepository.countForParticipant(tx, person.id)) > 0) {
          throw AppError.conflict('PARTICIPANT_HAS_PLEDGES', 'This participant has pledges and cannot be removed');
        }
        const row = await participantsRepository.deleteOne(tx, event.id, person.id);
        if (!row) throw AppError.notFound('Participant not found');
        return row;
      });
      if (removed.profileImage.startsWith('/uploads/')) {
        await storage.remove(removed.profileImage.slice('/uploads/'.length)).catch(() => undefined);
      }
    },

    async setAccepted(participantId: string, auth: AuthInfo | null, accepted: boolean) {
      const { person } = await load(participantId, auth);
      const updated = await participantsRepository.update(db, person.id, { accepted });
      return toParticipantResponse(updated);
    },
  };
}

/**
 * What other modules write of a campaign's participants, each in the caller's transaction: the
 * campaign's create and edit add and change them, the life cycle's delete removes them.
 */
export const participantRecords = {
  insertMany: participantsRepository.insertMany,
  update: participantsRepository.update,
  deleteAllOf: participantsRepository.deleteAllOf,
};
