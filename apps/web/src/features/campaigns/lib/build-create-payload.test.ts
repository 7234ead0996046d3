import { describe, expect, it } from 'vitest';
import { CreateEventRequest, missingRequiredFields } from '@pledgeway/domain/schemas/event-create';
import { buildCreatePayload, stripDataPrefix } from './build-create-payload';

const draft = {
  basicInfo: {
    eventName: 'River Run',
    eventDescription: 'A run.',
    categories: ['Sports', 'Community'],
    targetAmount: '1500',
    bannerImage: 'data:image/jpeg;base64,AAAA',
    documents: [],
    kind: 'event' as const,
    fundingModel: 'all_donations' as const,
    charityId: '7b0b6a3e-5a44-4c1e-9d7e-2c1d6f0b8a11',
    donationLimit: '',
    startDate: '',
    durationDays: '30',
    runoffWinBy: null,
    runoffFixedAmount: '',
  },
  hostData: { about: 'Organizer', fullName: 'Ava', email: 'ava@example.com', occupation: 'Organizer', companyName: '', aboutYou: '', profileImage: '' },
  participants: [
    {
      about: 'Guest',
      fullName: 'Pat',
      email: 'pat@example.com',
      occupation: 'Coach',
      companyName: '',
      aboutParticipant: 'Coach',
      profileImage: 'data:image/jpeg;base64,BBBB',
    },
  ],
  eventDetails: {
    locationType: 'virtual' as const,
    eventDate: '2099-01-01',
    eventTime: '10:00',
    eventLocation: 'Somewhere',
    onlineEventLink: 'https://meet.example.com',
  },
  paymentInfo: { testMode: true, paymentMethod: '', cardHolderName: '', cardNumber: '', expiryDate: '', cvv: '', amount: '100.00' },
};

describe('buildCreatePayload', () => {
  it('joins categories, strips data: prefixes, drops the street address of a virtual event', () => {
    const payload = buildCreatePayload(draft);
    expect(payload.categories).toBe('Sports,Community');
    expect(payload.bannerImage).toBe('AAAA');
    expect(payload.guestData[0]!.profileImage).toBe('BBBB');
    expect(payload.eventLocation).toBe('');
    expect(payload.paymentMethod).toBe('test');
    expect(missingRequiredFields(payload)).toEqual([]);
    const parsed = CreateEventRequest.safeParse(payload);
    expect(parsed.success).toBe(true);
  });

  it('sends no contact e-mail unless the host filled one in, and the one filled in otherwise (decision 155)', () => {
    expect(buildCreatePayload(draft).hostData.contactEmail).toBe('');
    const chosen = buildCreatePayload({ ...draft, hostData: { ...draft.hostData, contactEmail: 'team@club.example' } });
    expect(chosen.hostData.contactEmail).toBe('team@club.example');
    expect(CreateEventRequest.parse(chosen).hostData).toMatchObject({ email: 'ava@example.com', contactEmail: 'team@club.example' });
  });

  it('reports the empty date and time of a skipped Event Genre step', () => {
    const payload = buildCreatePayload({
      ...draft,
      eventDetails: { locationType: 'physical', eventDate: '', eventTime: '', eventLocation: '', onlineEventLink: '' },
    });
    expect(missingRequiredFields(payload)).toEqual(['Event date', 'Event time']);
  });

  it('leaves bare base64 alone', () => {
    expect(stripDataPrefix('QUJD')).toBe('QUJD');
  });
});
