import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createPng, demo, readMailbox } from '../fixtures';

/** Picks an image through the hidden file input of an ImagePicker and confirms the crop modal. */
export async function uploadAndCrop(page: Page, label: string) {
  await page.getByLabel(label).first().setInputFiles(createPng(240, 180));
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Crop', exact: true }).click();
  await expect(dialog).toBeHidden();
}

export function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export { signIn } from '../fixtures';

/** A small but real PDF, made here rather than kept as a binary file. */
export function createPdf(name = 'budget.pdf'): { name: string; mimeType: string; buffer: Buffer } {
  const text = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(text, 'latin1') };
}

export async function accessToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/site/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).user.accessToken as string;
}

export async function firstCharityId(request: APIRequestContext): Promise<string> {
  const groups = (await (await request.get('/api/charities')).json()) as { charities: { _id: string }[] }[];
  return groups[0]!.charities[0]!._id;
}

/** The create payload of docs/product.md#7-api-calls through the API (the wizard has its own tests); override what a test is about. */
export async function createCampaignByApi(request: APIRequestContext, token: string, overrides: Record<string, unknown> = {}) {
  const response = await request.post('/api/events/create', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      eventName: `Soup Night ${Date.now()}`,
      description: 'Warm soup for neighbours.',
      categories: 'Food,Community',
      targetAmount: 800,
      bannerImage: createPng(200, 150).buffer.toString('base64'),
      aboutEventHost: 'Organizer',
      hostData: { fullName: 'Host', email: 'host@example.com', occupation: 'Organizer', companyName: 'Riverside Runners', aboutYou: '' },
      locationType: 'physical',
      eventDate: isoDaysFromNow(12),
      eventTime: '18:00',
      eventLocation: 'Community hall',
      onlineEventLink: '',
      guestData: [
        { about: 'Guest', fullName: 'Nina Park', email: 'nina@example.com', occupation: 'Chef', companyName: '', aboutParticipant: 'Cooks.', profileImage: '' },
      ],
      paymentAmount: 100,
      charityId: await firstCharityId(request),
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).event as { id: string; name: string; participants: { _id: string; full_name: string }[] };
}

/**
 * Puts a complete wizard draft in local storage and opens the wizard on `step` (0–4), so a test
 * starts where its subject is. Everything in it is valid; the banner is a real image.
 */
export async function openWizardWithDraft(page: Page, step: number, name: string) {
  const charityId = await firstCharityId(page.request);
  const draft = {
    step,
    basicInfo: {
      eventName: name,
      eventDescription: 'A walk around the lake for the food bank.',
      categories: ['Health'],
      targetAmount: '1500',
      bannerImage: `data:image/png;base64,${createPng(240, 180).buffer.toString('base64')}`,
      documents: [],
      kind: 'event',
      fundingModel: 'all_donations',
      charityId,
      donationLimit: '',
      startDate: '',
      durationDays: '30',
      runoffWinBy: null,
      runoffFixedAmount: '',
    },
    hostData: { about: 'Organizer', occupation: 'Organizer', companyName: 'Riverside Runners', aboutYou: '', profileImage: '' },
    participants: [
      {
        about: 'Walk leader',
        fullName: 'Lena Ortiz',
        email: 'lena@example.com',
        occupation: 'Park ranger',
        companyName: '',
        aboutParticipant: 'Knows every path.',
        profileImage: '',
      },
    ],
    eventDetails: {
      locationType: 'virtual',
      eventDate: isoDaysFromNow(10),
      eventTime: '09:00',
      eventLocation: '',
      onlineEventLink: 'https://meet.example.com/lake',
    },
    paymentInfo: { testMode: true, paymentMethod: '', cardHolderName: '', cardNumber: '', expiryDate: '', cvv: '', amount: '100.00' },
  };
  await page.goto('/user/dashboard');
  await page.evaluate((value) => localStorage.setItem('pledgeway:create-event-draft', value), JSON.stringify(draft));
  await page.goto('/user/event/create');
  await expect(page.getByRole('heading', { name: new RegExp(`^Step ${step + 1}:`) })).toBeVisible({ timeout: 15_000 });
}

/** A live campaign of Ava's that Ben supports (the demo seed gives Ben pledges on Ava's live campaigns). */
export async function campaignBenSupports(request: APIRequestContext): Promise<{ _id: string; name: string }> {
  const token = await accessToken(request, demo.ben.email, demo.ben.password);
  const pledges = await (await request.get('/api/events/pledges', { headers: { authorization: `Bearer ${token}` } })).json();
  const live = (pledges.data.pledges as { event: { _id: string; name: string; status: string } }[]).find((pledge) => pledge.event.status === 'approved');
  expect(live, 'the demo seed gives Ben a pledge on a live campaign of Ava').toBeTruthy();
  return live!.event;
}

/**
 * The update holding `message`: the innermost article with it (the event page is an article too,
 * and other tests may post updates to the same demo campaign at the same time).
 */
export const updateWith = (page: Page, message: string) =>
  page
    .getByRole('article')
    .filter({ hasText: message })
    .filter({ hasNot: page.getByRole('article') });

/** The update's image loads lazily, once the reader scrolls down to it (the section may still be hydrating). */
export async function expectUpdateImage(update: Locator) {
  await expect(async () => {
    await update.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(update.getByRole('img', { name: 'Image attached to this update' })).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

/** A sandbox card tokenized and saved for the holder of `token` (expiring next year): its payment-method id. */
export async function saveCard(request: APIRequestContext, token: string, number = '4242 4242 4242 4242'): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const expiry = `11/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;
  const tokenized = await request.post('/api/sandbox/cards', { headers, data: { holder_name: 'Test Supporter', number, expiry, cvv: '123' } });
  expect(tokenized.status(), await tokenized.text()).toBe(201);
  const saved = await request.post('/api/payment-methods', { headers, data: { token: (await tokenized.json()).token } });
  expect(saved.status(), await saved.text()).toBe(201);
  return ((await saved.json()).data as { id: string }).id;
}

/** A charity of a spec's own, in a group of its own, so no other spec's payouts or Connect state reach it: its id. */
export async function newCharity(request: APIRequestContext, adminToken: string, name: string): Promise<string> {
  const headers = { authorization: `Bearer ${adminToken}` };
  const group = await request.post('/api/admin/charity-groups', { headers, data: { title: `${name} group` } });
  expect(group.status(), await group.text()).toBe(201);
  const created = await request.post('/api/admin/charities', {
    headers,
    multipart: {
      name,
      group_id: (await group.json()).data._id,
      link: 'https://charity.example.org',
      description: 'A charity of this test.',
      logo: createPng(120, 120),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data._id as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A campaign of Ava's, funded and approved through the API: live, for tests that pledge to it. */
export async function liveCampaign(request: APIRequestContext, name: string, charityId?: string) {
  const avaToken = await accessToken(request, demo.ava.email, demo.ava.password);
  const adminToken = await accessToken(request, demo.admin.email, demo.admin.password);
  const event = await createCampaignByApi(request, avaToken, { eventName: name, targetAmount: 500, ...(charityId ? { charityId } : {}) });
  const funding = await request.post('/api/events/payment', { headers: bearer(avaToken), data: { event_id: event.id, amount: 100, test_mode: true } });
  expect(funding.status(), await funding.text()).toBe(200);
  const approved = await request.post(`/api/admin/events/${event.id}/approve`, { headers: bearer(adminToken) });
  expect(approved.status(), await approved.text()).toBe(200);
  return { id: event.id, name, avaToken, adminToken };
}

/** The e-mail to `to` with this subject, once the outbox has sent it. */
export async function mailTo(request: APIRequestContext, to: string, subject: string) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        found = (await readMailbox(request, to)).find((mail) => mail.subject === subject);
        return Boolean(found);
      },
      { timeout: 30_000, message: `an e-mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}
