import type { CreateEventRequestInput } from '@pledgeway/domain/schemas/event-create';
import type { WizardDraft } from '../hooks/use-wizard-draft';

/** docs/product.md#7-api-calls sends images as base64 without the data: prefix. */
export function stripDataPrefix(value: string | undefined): string {
  return (value ?? '').replace(/^data:[^;]+;base64,/, '');
}

/** The wizard's draft as the POST /events/create payload of docs/product.md#7-api-calls. */
export function buildCreatePayload(draft: Omit<WizardDraft, 'step'>): CreateEventRequestInput {
  const { basicInfo: basic, hostData: host, eventDetails: details, paymentInfo: payment } = draft;
  const categories = Array.isArray(basic.categories) ? basic.categories.join(',') : String(basic.categories ?? '');
  const virtual = details.locationType !== 'physical';
  return {
    eventName: basic.eventName ?? '',
    description: basic.eventDescription ?? '',
    categories,
    targetAmount: basic.targetAmount ?? '',
    bannerImage: stripDataPrefix(basic.bannerImage),
    aboutEventHost: host.about ?? '',
    hostData: {
      fullName: host.fullName ?? '',
      email: host.email ?? '',
      contactEmail: host.contactEmail ?? '',
      occupation: host.occupation ?? '',
      companyName: host.companyName ?? '',
      aboutYou: host.aboutYou ?? '',
      profileImage: stripDataPrefix(host.profileImage),
    },
    locationType: virtual ? 'virtual' : 'physical',
    eventDate: details.eventDate ?? '',
    eventTime: details.eventTime ?? '',
    eventLocation: virtual ? '' : (details.eventLocation ?? ''),
    onlineEventLink: details.onlineEventLink ?? '',
    guestData: draft.participants.map((person) => ({ ...person, profileImage: stripDataPrefix(person.profileImage) })),
    paymentAmount: payment.amount,
    paymentMethod: payment.testMode ? 'test' : (payment.paymentMethod ?? ''),
    cardHolderName: payment.testMode ? 'Test User' : '',
    kind: basic.kind,
    fundingModel: basic.fundingModel,
    charityId: basic.charityId ?? '',
    donationLimit: basic.donationLimit ?? null,
    startDate: basic.startDate ?? '',
    durationDays: basic.durationDays,
    runoffWinBy: basic.kind === 'runoff' ? (basic.runoffWinBy ?? null) : null,
    runoffFixedAmount: basic.kind === 'runoff' ? (basic.runoffFixedAmount ?? null) : null,
    runoffChargeablePlaces: basic.kind === 'runoff' ? (basic.runoffChargeablePlaces ?? 'all') : 'all',
  };
}
