import { pngImage } from './client.ts';
import { daysFromNow, type Person } from './factories.ts';

// The campaign create form of docs/product.md#7-api-calls, for the tests of creating a campaign
// through the API (the factories write campaigns straight to the database instead).

let bannerBase64: string | undefined;
export async function bannerData(): Promise<string> {
  bannerBase64 ??= (await pngImage(120, 60)).toString('base64');
  return bannerBase64;
}

/** A participant of the create payload, with only the name varying. */
export const guest = (fullName: string) => ({
  about: 'Runner',
  fullName,
  email: 'p@example.com',
  occupation: 'Coach',
  companyName: '',
  aboutParticipant: 'Coach',
  profileImage: '',
});

/** The create payload of docs/product.md#7-api-calls, valid; override what a test is about. */
export async function createPayload(charityId: string, email: string, overrides: Record<string, unknown> = {}) {
  return {
    eventName: 'River Run for the Food Bank',
    description: 'A five kilometre run along the river. Every pledge feeds a family.',
    categories: 'Sports,Community',
    targetAmount: 1500,
    bannerImage: await bannerData(),
    aboutEventHost: 'Organizer',
    hostData: { fullName: 'Casey Creator', email, occupation: 'Organizer', companyName: 'Riverside Runners', aboutYou: 'I run.' },
    locationType: 'physical',
    eventDate: daysFromNow(20),
    eventTime: '10:00',
    eventLocation: 'Riverside Park, Portland',
    onlineEventLink: '',
    guestData: [
      {
        about: 'Runner',
        fullName: 'Pat Lee',
        email: 'pat@example.com',
        occupation: 'Coach',
        companyName: '',
        aboutParticipant: 'Coaches the club on Saturdays.',
        profileImage: '',
      },
    ],
    paymentAmount: 100,
    paymentMethod: 'test',
    cardHolderName: 'Test User',
    cardNumber: '4242 4242 4242 4242',
    kind: 'event',
    fundingModel: 'all_donations',
    charityId,
    ...overrides,
  };
}

/** Creates a campaign with two participants (Pat Lee, Sam Ortiz) as `creator`; fails loudly otherwise. */
export async function createTwoParticipantCampaign(creator: Person, charityId: string, overrides: Record<string, unknown> = {}) {
  const response = await creator.client.post(
    '/api/events/create',
    await createPayload(charityId, creator.email, { guestData: [guest('Pat Lee'), guest('Sam Ortiz')], ...overrides }),
  );
  if (response.status !== 201) throw new Error(JSON.stringify(response.data));
  return response.data.event as { id: string; participants: { _id: string }[] };
}
