import {
  EVENT_MESSAGES,
  RUNOFF_MIN_LEAD_DAYS,
  addDaysIso,
  earliestTodayIso,
  allowedTransitions,
  dollarsToCents,
  missingFieldsMessage,
  missingRequiredFields,
  type CreateEventRequest,
  type EventPaymentRequestInput,
} from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { storeBase64Image } from '../../lib/uploads.ts';
import { eventRecords } from '../event-records/index.ts';
import { participantRecords } from '../participants/index.ts';
import { usersService } from '../users/index.ts';
import type { SerialisedBody } from '../../lib/send-json.ts';
import { assertCanManage, assertCanSee, isFinished } from '../event-reads/index.ts';
import { loadEventDetail } from './campaign-detail.ts';
import { eventsRepository } from './repository.ts';
import { applyEventUpdate } from './update.ts';
import { createFunding } from './funding.ts';

/** Thrown inside the create transaction to undo it when the Idempotency-Key was used before. */
class RetriedCreate extends Error {
  constructor(readonly eventId: string) {
    super('retried create');
  }
}

/** Rules of campaign creation, reading, funding and editing; SQL stays in the repository. */
export function createEventsService(ctx: AppContext) {
  const { db, storage } = ctx;
  const funding = createFunding(ctx);

  /** Images stored before the transaction are removed again if the campaign is not created. */
  async function storeImages(body: CreateEventRequest) {
    const stored: string[] = [];
    const keep = async (data: string, folder: 'banners' | 'participants' | 'avatars', field: string) => {
      if (!data) return '';
      try {
        const file = await storeBase64Image(storage, data, folder);
        stored.push(file.key);
        return file.url;
      } catch (error) {
        if (error instanceof AppError && error.fields) {
          throw new AppError(error.code, error.message, error.status, { [field]: error.message });
        }
        throw error;
      }
    };
    try {
      const banner = await keep(body.bannerImage, 'banners', 'bannerImage');
      const hostImage = await keep(body.hostData.profileImage, 'avatars', 'hostData.profileImage');
      const guestImages: string[] = [];
      for (const [index, guest] of body.guestData.entries()) {
        guestImages.push(await keep(guest.profileImage, 'participants', `guestData.${index}.profileImage`));
      }
      return { banner, hostImage, guestImages, stored };
    } catch (error) {
      await Promise.all(stored.map((key) => storage.remove(key).catch(() => undefined)));
      throw error;
    }
  }

  return {
    /** Checks who may create before anything is read: a verified identity and a complete profile. */
    async assertMayCreate(userId: string) {
      // Receipts, reset links and review e-mails go to this address: it must be the creator's (decision 095).
      const user = await usersService.assertEmailConfirmed(db, userId, 'createCampaign');
      if (user.identityStatus !== 'verified') throw new AppError('IDENTITY_REQUIRED', EVENT_MESSAGES.identityRequired, 403);
      if (!user.occupation.trim() || !user.companyName.trim()) {
        throw new AppError('PROFILE_INCOMPLETE', EVENT_MESSAGES.profileIncomplete, 403);
      }
      return user;
    },

    /** The pre-submission check (docs/product.md#before-submission) runs on the raw body, before field validation. */
    assertNothingMissing(rawBody: unknown) {
      const missing = missingRequiredFields(rawBody);
      if (missing.length) {
        const message = missingFieldsMessage(missing);
        throw AppError.validation({ _: message }, message);
      }
    },

    /** With an Idempotency-Key, a retried create answers with the campaign the first request created. */
    async create(userId: string, body: CreateEventRequest, idempotencyKey?: string) {
      const user = await this.assertMayCreate(userId);
      // The schema checks the 7 days against the machine's date; the rule holds against the app's clock.
      if (body.kind === 'runoff' && body.startDate && body.startDate < addDaysIso(earliestTodayIso(ctx.clock.now()), RUNOFF_MIN_LEAD_DAYS)) {
        throw AppError.validation({ startDate: EVENT_MESSAGES.runoffStart });
      }
      if (!(await eventsRepository.charityExists(db, body.charityId))) {
        throw AppError.validation({ charityId: EVENT_MESSAGES.charityRequired });
      }
      const images = await storeImages(body);
      let created: string;
      try {
        created = await db.transaction(async (tx) => {
          const row = await eventRecords.insert(tx, {
            ownerId: userId,
            kind: body.kind,
            fundingModel: body.fundingModel,
            runoffWinBy: body.kind === 'runoff' ? body.runoffWinBy : null,
            runoffFixedAmountCents:
              body.kind === 'runoff' && body.runoffWinBy === 'donor_total' && body.runoffFixedAmount !== null ? dollarsToCents(body.runoffFixedAmount) : null,
            runoffChargeablePlaces: body.kind === 'runoff' ? body.runoffChargeablePlaces : null,
            status: 'pending',
            name: body.eventName,
            description: body.description,
            categories: body.categories,
            targetCents: dollarsToCents(body.targetAmount),
            donationLimitCents: body.donationLimit === null ? null : dollarsToCents(body.donationLimit),
            bannerImage: images.banner,
            locationType: body.locationType,
            eventLocation: body.locationType === 'physical' ? body.eventLocation : '',
            onlineEventLink: body.onlineEventLink,
            eventDate: body.eventDate || null,
            eventTime: body.eventTime,
            startDate: body.startDate || null,
            durationDays: body.durationDays,
            charityId: body.charityId,
            hostAbout: body.aboutEventHost,
            // Name and e-mail are read-only in the wizard: they are the account's, whatever is sent.
            hostFullName: user.name,
            hostEmail: user.email,
            // The only e-mail the page shows, and only when the host filled it in (decision 155).
            hostContactEmail: body.hostData.contactEmail,
            hostOccupation: body.hostData.occupation,
            hostCompanyName: body.hostData.companyName,
            hostAboutYou: body.hostData.aboutYou,
            hostImage: images.hostImage || user.image,
          });
          await participantRecords.insertMany(
            tx,
            body.guestData.map((guest, index) => ({
              eventId: row.id,
              about: guest.about,
              fullName: guest.fullName,
              email: guest.email,
              occupation: guest.occupation,
              companyName: guest.companyName,
              aboutParticipant: guest.aboutParticipant,
              profileImage: images.guestImages[index] ?? '',
              position: index,
            })),
          );
          const earlier = idempotencyKey ? await eventsRepository.claimIdempotencyKey(tx, userId, 'events/create', idempotencyKey, row.id) : undefined;
          // A retry: nothing of this request is kept; the first request's campaign is the answer.
          if (earlier) throw new RetriedCreate(earlier);
          return row.id;
        });
      } catch (error) {
        // Nothing committed refers to these files: they go (a crash before this line is swept, docs/security.md).
        await Promise.all(images.stored.map((key) => storage.remove(key).catch(() => undefined)));
        if (!(error instanceof RetriedCreate)) throw error;
        created = error.eventId;
      }
      return (await loadEventDetail(db, created))!.detail;
    },

    /** Public read, as serialised JSON from the cache: unpublished campaigns exist only for their creator and admins. */
    async show(eventId: string, auth: AuthInfo | null): Promise<SerialisedBody> {
      const cached = await ctx.publicReads.event(eventId, auth?.userId);
      assertCanSee(cached, auth);
      return cached.body;
    },

    async manage(eventId: string, auth: AuthInfo | null) {
      const loaded = await loadEventDetail(db, eventId);
      if (!loaded) throw AppError.notFound(EVENT_MESSAGES.eventNotFound);
      const actor = assertCanManage(loaded.row, auth);
      return {
        ...loaded.detail,
        allowed_statuses: [...allowedTransitions(loaded.row.status, actor)],
        editable: !isFinished(loaded.row.status),
      };
    },

    update: (eventId: string, auth: AuthInfo | null, multipart: Parameters<typeof applyEventUpdate>[3]) => applyEventUpdate(ctx, eventId, auth, multipart),

    /** The creator's funding: a real charge through the provider (see funding.ts). */
    fund: (userId: string, input: EventPaymentRequestInput) => funding.fund(userId, input),
    /** Stripe reported a finished hosted checkout: the funding waiting for it is booked once. */
    settleFundingCheckout: (sessionRef: string) => funding.settleCheckout(sessionRef),
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
