import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EVENT_MESSAGES } from '@pledgeway/domain';
import { events, participants, pledges } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { TestClient, signUp } from '../../test/client.ts';
import { bannerData, createPayload, guest } from '../../test/campaign-form.ts';
import { daysFromNow, firstCharityId, verifiedCreator } from '../../test/factories.ts';

let server: TestServer;
let charityId: string;
let creator: Awaited<ReturnType<typeof verifiedCreator>>;

beforeAll(async () => {
  server = await startTestServer();
  charityId = await firstCharityId(server);
  creator = await verifiedCreator(server);
});
afterAll(async () => {
  await server.close();
});

const payload = (overrides: Record<string, unknown> = {}) => createPayload(charityId, creator.email, overrides);

async function expectRefused(overrides: Record<string, unknown>, field: string, message: string) {
  const response = await creator.client.post('/api/events/create', await payload(overrides));
  expect(response.status, JSON.stringify(response.data)).toBe(400);
  expect(response.data.fields?.[field], JSON.stringify(response.data.fields)).toBe(message);
}

describe('POST /api/events/create', () => {
  it('creates a pending campaign with its participants and answers with event.id', async () => {
    const response = await creator.client.post('/api/events/create', await payload());
    expect(response.status, JSON.stringify(response.data)).toBe(201);
    expect(response.data.message).toBe('Event created successfully!');
    const event = response.data.event;
    expect(event.id).toBe(event._id);
    expect(event.status).toBe('pending');
    expect(event.categories).toEqual(['Sports', 'Community']);
    expect(event.target_amount).toBe(1500);
    expect(event.banner_image_url).toMatch(/^\/uploads\/banners\/.+\.jpg$/);
    expect(event.host.full_name).toBe('Casey Creator');
    expect(event.participants).toHaveLength(1);
    expect(event.participants[0].full_name).toBe('Pat Lee');
    expect(event.charity._id).toBe(charityId);
    const [row] = await server.app.ctx.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.targetCents).toBe(150_000);
    expect(JSON.stringify(row)).not.toContain('4242');
  });

  it('refuses a signed-out caller with 401', async () => {
    const response = await new TestClient(server.url).post('/api/events/create', await payload());
    expect(response.status).toBe(401);
  });

  it('refuses a user whose identity is not verified', async () => {
    const { client, email } = await signUp(server.url);
    const response = await client.post('/api/events/create', await createPayload(charityId, email));
    expect(response.status).toBe(403);
    expect(response.data.code).toBe('IDENTITY_REQUIRED');
    expect(response.data.message).toBe('Please verify your identity before creating an event');
  });

  it('refuses a verified user whose profile lacks occupation or company', async () => {
    const other = await verifiedCreator(server, 'No Company');
    const { users } = await import('../../db/schema.ts');
    await server.app.ctx.db.update(users).set({ companyName: '' }).where(eq(users.id, other.user._id));
    const response = await other.client.post('/api/events/create', await createPayload(charityId, other.email));
    expect(response.status).toBe(403);
    expect(response.data.message).toBe('Please complete your profile first to create an event');
  });

  it('lists every missing required field before anything else (docs/product.md#before-submission)', async () => {
    const response = await creator.client.post(
      '/api/events/create',
      await payload({ eventName: '', description: '  ', hostData: { occupation: 'x' }, eventDate: '', eventTime: '' }),
    );
    expect(response.status).toBe(400);
    expect(response.data.message).toBe('Missing required fields: Event name, Event description, Host name, Host email, Event date, Event time');
  });

  it('names a single missing field', async () => {
    const response = await creator.client.post('/api/events/create', await payload({ eventTime: '' }));
    expect(response.data.message).toBe('Missing required fields: Event time');
  });

  describe('basic info messages', () => {
    it.each([
      ['eventName', 'ab', 'Event name must be at least 3 characters'],
      ['categories', '', 'Please add at least one category'],
      ['categories', ' , ,', 'Please add at least one category'],
      ['description', 'WORDS_251', 'Description cannot exceed 250 words'],
      ['targetAmount', '', 'Target amount is required'],
      ['targetAmount', 99, 'Amount must be at least $100'],
      ['targetAmount', 50_000.01, 'Amount cannot exceed $50,000'],
      ['bannerImage', '', 'Banner image is required'],
      ['bannerImage', 'BIG_IMAGE', 'Image size should not exceed 5MB'],
      ['paymentAmount', '', 'Amount is required'],
      ['charityId', 'not-a-charity', 'Please choose a beneficiary charity'],
      ['durationDays', 31, 'Campaign duration cannot exceed 30 days'],
      ['donationLimit', 0, 'Donation limit must be between $1 and $50,000'],
    ])('%s = %j → %s', async (field, value, message) => {
      const actual =
        value === 'BIG_IMAGE'
          ? Buffer.alloc(5 * 1024 * 1024 + 10).toString('base64')
          : value === 'WORDS_251'
            ? Array.from({ length: 251 }, () => 'word').join(' ')
            : value;
      await expectRefused({ [field]: actual }, field, message);
    });

    it('accepts exactly 250 words and the bounds $100 and $50,000', async () => {
      const description = Array.from({ length: 250 }, () => 'word').join(' ');
      for (const targetAmount of [100, 50_000]) {
        const response = await creator.client.post('/api/events/create', await payload({ description, targetAmount }));
        expect(response.status, JSON.stringify(response.data)).toBe(201);
      }
    });

    it('refuses a banner that is not an image, judged by its bytes', async () => {
      const response = await creator.client.post('/api/events/create', await payload({ bannerImage: Buffer.from('just text').toString('base64') }));
      expect(response.status).toBe(400);
      expect(response.data.fields.bannerImage).toBe('Please upload an image file');
    });

    it('refuses an unknown charity', async () => {
      await expectRefused({ charityId: '00000000-0000-4000-8000-000000000000' }, 'charityId', 'Please choose a beneficiary charity');
    });
  });

  describe('host and participant messages', () => {
    const guest = {
      about: 'Runner',
      fullName: 'Pat Lee',
      email: 'pat@example.com',
      occupation: 'Coach',
      companyName: '',
      aboutParticipant: 'Coach',
      profileImage: '',
    };
    const host = { fullName: 'Casey Creator', email: 'casey@example.com', occupation: 'Organizer', companyName: '', aboutYou: '' };
    it.each([
      [{ aboutEventHost: '' }, 'aboutEventHost', 'About is required'],
      [{ hostData: { ...host, occupation: '' } }, 'hostData.occupation', 'Occupation is required'],
      [{ hostData: { ...host, email: 'not-an-email' } }, 'hostData.email', 'Please enter a valid email address'],
      [{ guestData: [{ ...guest, about: '' }] }, 'guestData.0.about', 'About is required'],
      [{ guestData: [{ ...guest, fullName: ' ' }] }, 'guestData.0.fullName', 'Full name is required'],
      [{ guestData: [{ ...guest, email: '' }] }, 'guestData.0.email', 'Email is required'],
      [{ guestData: [{ ...guest, email: 'pat@' }] }, 'guestData.0.email', 'Please enter a valid email address'],
      [{ guestData: [{ ...guest, occupation: '' }] }, 'guestData.0.occupation', 'Occupation is required'],
      [{ guestData: [{ ...guest, aboutParticipant: '' }] }, 'guestData.0.aboutParticipant', 'About participant is required'],
      [{ guestData: [] }, 'guestData', 'Please add at least one participant'],
      [{ kind: 'runoff', runoffWinBy: 'donation_total', guestData: [guest] }, 'guestData', 'A runoff competition needs 2 to 8 participants'],
      [
        { kind: 'runoff', runoffWinBy: 'donation_total', guestData: Array.from({ length: 9 }, () => guest) },
        'guestData',
        'A runoff competition needs 2 to 8 participants',
      ],
      [{ kind: 'runoff', guestData: [guest, guest] }, 'runoffWinBy', 'Please choose how the runoff is won'],
      [{ kind: 'runoff', runoffWinBy: 'donor_total', guestData: [guest, guest] }, 'runoffFixedAmount', 'Fixed donation amount must be between $1 and $50,000'],
      [
        { kind: 'runoff', runoffWinBy: 'donation_total', startDate: daysFromNow(3), guestData: [guest, guest] },
        'startDate',
        'Runoff competitions must start at least 7 days ahead',
      ],
    ])('%j → %s: %s', async (overrides, field, message) => {
      await expectRefused(overrides, field, message);
    });

    it('stores the account name and e-mail as the host, whatever is sent', async () => {
      const response = await creator.client.post(
        '/api/events/create',
        await payload({ hostData: { ...host, fullName: 'Someone Else', email: 'else@example.com' } }),
      );
      expect(response.status).toBe(201);
      expect(response.data.event.host.full_name).toBe('Casey Creator');
      expect(response.data.event.host.email).toBe(creator.email);
    });

    it('creates a runoff with 2 options scheduled 7 days ahead, won by donor total at a fixed amount', async () => {
      const response = await creator.client.post(
        '/api/events/create',
        await payload({
          kind: 'runoff',
          runoffWinBy: 'donor_total',
          runoffFixedAmount: 25,
          startDate: daysFromNow(8),
          durationDays: 14,
          guestData: [guest, { ...guest, fullName: 'Sam Ortiz' }],
        }),
      );
      expect(response.status, JSON.stringify(response.data)).toBe(201);
      expect(response.data.event.kind).toBe('runoff');
      expect(response.data.event.runoff_win_by).toBe('donor_total');
      expect(response.data.event.duration_days).toBe(14);
      const [row] = await server.app.ctx.db.select().from(events).where(eq(events.id, response.data.event.id));
      expect(row!.runoffFixedAmountCents).toBe(2500);
    });
  });

  describe('event details: dates, location and the physical/virtual/online reading', () => {
    it.each([
      [{ eventDate: daysFromNow(-2) }, 'eventDate', 'Event date cannot be in the past'],
      [{ eventLocation: '' }, 'eventLocation', 'Physical event location is required when date/time are set'],
      [{ locationType: 'virtual', onlineEventLink: '' }, 'onlineEventLink', 'Online event link is required when date/time are set'],
      [{ locationType: 'online', onlineEventLink: '' }, 'onlineEventLink', 'Online event link is required when date/time are set'],
      [{ locationType: 'virtual', onlineEventLink: 'not a url' }, 'onlineEventLink', 'Please enter a valid URL'],
      [{ onlineEventLink: 'ftp://example.com/file' }, 'onlineEventLink', 'Please enter a valid URL'],
    ])('%j → %s: %s', async (overrides, field, message) => {
      await expectRefused(overrides, field, message);
    });

    it('reads `online` as virtual and keeps no street address for a virtual event', async () => {
      const response = await creator.client.post(
        '/api/events/create',
        await payload({ locationType: 'online', onlineEventLink: 'https://meet.example.com/run', eventLocation: 'ignored' }),
      );
      expect(response.status).toBe(201);
      expect(response.data.event.location_type).toBe('virtual');
      expect(response.data.event.online_event_link).toBe('https://meet.example.com/run');
      expect(response.data.event.event_location).toBe('');
    });

    it('keeps a physical event with an optional online link', async () => {
      const response = await creator.client.post('/api/events/create', await payload({ onlineEventLink: 'https://stream.example.com/live' }));
      expect(response.data.event.location_type).toBe('physical');
      expect(response.data.event.event_location).toBe('Riverside Park, Portland');
      expect(response.data.event.online_event_link).toBe('https://stream.example.com/live');
    });

    it('stores participant images sent as base64', async () => {
      const guest = {
        about: 'Runner',
        fullName: 'Pat Lee',
        email: 'pat@example.com',
        occupation: 'Coach',
        companyName: '',
        aboutParticipant: 'Coach',
        profileImage: `data:image/png;base64,${await bannerData()}`,
      };
      const response = await creator.client.post('/api/events/create', await payload({ guestData: [guest] }));
      expect(response.status).toBe(201);
      expect(response.data.event.participants[0].profile_image).toMatch(/^\/uploads\/participants\//);
    });
  });
});

describe('GET /api/events/show/:id', () => {
  it('shows a pending campaign to its creator and an admin only; others get 404 Event not found', async () => {
    const created = await creator.client.post('/api/events/create', await payload());
    const id = created.data.event.id;
    expect((await creator.client.get(`/api/events/show/${id}`)).status).toBe(200);
    const anonymous = await new TestClient(server.url).get(`/api/events/show/${id}`);
    expect(anonymous.status).toBe(404);
    expect(anonymous.data.message).toBe('Event not found');
    const stranger = await signUp(server.url);
    expect((await stranger.client.get(`/api/events/show/${id}`)).status).toBe(404);
    await server.app.ctx.db.update(events).set({ status: 'approved' }).where(eq(events.id, id));
    // A write outside a request clears the public reads itself, as jobs do (decision 062).
    server.app.ctx.publicReads.clear();
    const published = await new TestClient(server.url).get(`/api/events/show/${id}`);
    expect(published.status).toBe(200);
    expect(published.data.name).toBe('River Run for the Food Bank');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await creator.client.get('/api/events/show/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await creator.client.get('/api/events/show/not-a-uuid')).status).toBe(400);
  });
});

describe('POST /api/events/payment', () => {
  it('charges the creator funding once in test mode on the sandbox test card and counts it as raised', async () => {
    const created = await creator.client.post('/api/events/create', await payload());
    const id = created.data.event.id;
    const first = await creator.client.post('/api/events/payment', { event_id: id, amount: 100, test_mode: true });
    expect(first.status, JSON.stringify(first.data)).toBe(200);
    expect(first.data.message).toBe('Test payment processed successfully!');
    const again = await creator.client.post('/api/events/payment', { event_id: id, amount: 100, test_mode: true });
    expect(again.data.pledge_id).toBe(first.data.pledge_id);
    const rows = await server.app.ctx.db.select().from(pledges).where(eq(pledges.eventId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isCreatorPledge: true, status: 'charged', amountCents: 10_000, chargedCents: 10_000, cardFeeCents: 320 });
    const shown = await creator.client.get(`/api/events/show/${id}`);
    expect(shown.data.payment_amount).toBe(100);
  });

  it('refuses another user, and a payment without a method outside test mode', async () => {
    const created = await creator.client.post('/api/events/create', await payload());
    const stranger = await signUp(server.url);
    const refused = await stranger.client.post('/api/events/payment', { event_id: created.data.event.id, amount: 100, test_mode: true });
    expect(refused.status).toBe(403);
    const noMethod = await creator.client.post('/api/events/payment', { event_id: created.data.event.id, amount: 100, test_mode: false });
    expect(noMethod.status).toBe(400);
    expect(noMethod.data.message).toBe(EVENT_MESSAGES.paymentMethodRequired);
    const tooLittle = await creator.client.post('/api/events/payment', { event_id: created.data.event.id, amount: 50, test_mode: true });
    expect(tooLittle.data.message).toBe('Amount must be at least $100');
  });

  it('keeps participants in the order they were given', async () => {
    const created = await creator.client.post('/api/events/create', await payload({ guestData: [guest('First One'), guest('Second One')] }));
    const rows = await server.app.ctx.db.select().from(participants).where(eq(participants.eventId, created.data.event.id));
    expect(rows.map((row) => [row.fullName, row.position]).sort()).toEqual([
      ['First One', 0],
      ['Second One', 1],
    ]);
  });
});
