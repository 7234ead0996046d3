import { asc, count, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from './client.ts';
import { charities, charityGroups, events, participants, pledges, users } from './schema.ts';
import { charityGroups as charityGroupSeed, demoCampaigns } from './seed-data.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { CampaignRow } from '../modules/event-records/service.ts';

export const DEMO_LOGINS = [
  {
    role: 'admin' as const,
    name: 'Morgan Ellis',
    email: 'admin@pledgeway.org',
    password: 'Admin-demo-2026',
    occupation: 'Campaign reviewer',
    companyName: 'Pledgeway',
  },
  {
    role: 'user' as const,
    name: 'Ava Thompson',
    email: 'ava@pledgeway.org',
    password: 'Ava-demo-2026',
    occupation: 'Community organizer',
    companyName: 'Riverside Runners',
  },
  { role: 'user' as const, name: 'Ben Carter', email: 'ben@pledgeway.org', password: 'Ben-demo-2026', occupation: '', companyName: '' },
];

/** The admin named by ADMIN_EMAIL/ADMIN_PASSWORD exists after every start. */
export async function ensureConfiguredAdmin(db: Db, config: Config): Promise<void> {
  if (!config.admin) return;
  const [existing] = await db.select().from(users).where(eq(users.email, config.admin.email));
  const passwordHash = await hashPassword(config.admin.password);
  if (existing) {
    await db.update(users).set({ role: 'admin', passwordHash }).where(eq(users.id, existing.id));
  } else {
    // The operator chose this address in the configuration: there is nobody to confirm it to.
    // Instances started together each insert: the first wins, the others find it made.
    await db
      .insert(users)
      .values({ name: 'Administrator', email: config.admin.email, passwordHash, role: 'admin', emailConfirmedAt: new Date() })
      .onConflictDoUpdate({ target: users.email, set: { role: 'admin', passwordHash } });
  }
}

const SEED_LOCK = 7_240_412;

/** The charity groups of docs/product.md#charities; needed by every installation, demo or not. */
export async function ensureCharities(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(charityGroups);
  if ((row?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    // Instances started together on an empty database: one seeds, the others wait and find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [again] = await tx.select({ n: count() }).from(charityGroups);
    if ((again?.n ?? 0) > 0) return;
    for (const [groupIndex, group] of charityGroupSeed.entries()) {
      const [inserted] = await tx.insert(charityGroups).values({ title: group.title, position: groupIndex }).returning();
      await tx.insert(charities).values(
        group.charities.map((charity, index) => ({
          groupId: inserted!.id,
          name: charity.name,
          logo: charity.logo,
          link: charity.link ?? null,
          description: charity.description,
          position: index,
        })),
      );
    }
  });
}

function isoDateFromNow(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return date.toISOString().slice(0, 10);
}

/** Demo users and campaigns of every kind in several states, on the first start only. */
export async function seedDemoContent(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const created = [];
  for (const login of DEMO_LOGINS) {
    const [user] = await db
      .insert(users)
      .values({
        name: login.name,
        email: login.email,
        passwordHash: await hashPassword(login.password),
        role: login.role,
        occupation: login.occupation,
        companyName: login.companyName,
        identityStatus: login.role === 'user' && login.occupation ? 'verified' : 'unverified',
        // Demo log-ins use addresses nobody can receive mail at: they are confirmed from the start.
        emailConfirmedAt: new Date(),
      })
      .returning();
    created.push(user!);
  }
  const host = created[1]!;
  const allCharities = await db.select().from(charities);
  await db.transaction(async (tx) => {
    for (const campaign of demoCampaigns) {
      const charity = allCharities.find((item) => item.name === campaign.charityName) ?? allCharities[0];
      const [event] = await tx
        .insert(events)
        .values({
          ownerId: host.id,
          kind: campaign.kind,
          fundingModel: campaign.fundingModel,
          runoffWinBy: campaign.kind === 'runoff' ? 'donation_total' : null,
          status: campaign.status,
          rejectionReason: campaign.status === 'rejected' ? 'Please add the venue address and a clearer description of how funds reach the charity.' : null,
          name: campaign.name,
          description: campaign.description,
          categories: campaign.categories,
          targetCents: campaign.targetCents,
          bannerImage: campaign.banner,
          locationType: campaign.locationType,
          eventLocation: campaign.eventLocation ?? '',
          onlineEventLink: campaign.onlineEventLink ?? '',
          eventDate: isoDateFromNow(campaign.daysFromNow),
          eventTime: '18:00',
          // A Money Bomb or Crowdfunding is charged when its duration ends: the demo's end on their event day.
          durationDays: campaign.kind === 'money_bomb' || campaign.kind === 'crowdfunding' ? Math.min(30, Math.max(1, campaign.daysFromNow)) : 30,
          charityId: charity?.id ?? null,
          hostAbout: 'Organizer',
          hostFullName: campaign.host.fullName,
          hostEmail: campaign.host.email,
          hostOccupation: campaign.host.occupation,
          hostCompanyName: campaign.host.companyName,
          hostAboutYou: campaign.host.about,
          approvedAt: ['approved', 'completed', 'freeze'].includes(campaign.status) ? new Date() : null,
        })
        .returning();
      if (campaign.participants.length) {
        await tx.insert(participants).values(
          campaign.participants.map((person, index) => ({
            eventId: event!.id,
            about: 'Participant',
            fullName: person.fullName,
            email: person.email,
            occupation: person.occupation,
            companyName: person.companyName,
            aboutParticipant: person.aboutParticipant || person.about,
            accepted: index === 0,
            position: index,
          })),
        );
      }
    }
  });
  await seedDemoPledges(db, created[2]!.id);
  return true;
}

/** A few pledges of the second demo user on the live demo campaigns, so My Pledges has content. */
async function seedDemoPledges(db: Db, donorId: string): Promise<void> {
  const live = await db.select().from(events).where(eq(events.status, 'approved')).orderBy(asc(events.createdAt));
  const [completed] = await db.select().from(events).where(eq(events.status, 'completed')).limit(1);
  const plan: Array<{
    event: CampaignRow | undefined;
    amountCents: number;
    tipCents: number;
    status: 'pending' | 'failed';
    failureReason?: string;
  }> = [
    { event: live[0], amountCents: 5_000, tipCents: 1_000, status: 'pending' },
    { event: live[1], amountCents: 2_500, tipCents: 0, status: 'pending' },
    { event: live[2], amountCents: 10_000, tipCents: 2_000, status: 'failed', failureReason: 'Your card was declined.' },
    // The completed campaign awaits the admin's charge. A demo pledge is never marked charged
    // without a charge: no provider record or posting would stand behind it, and the books check
    // reports such a pledge.
    { event: completed, amountCents: 4_000, tipCents: 800, status: 'pending' },
  ];
  const rows = plan
    .filter((item) => item.event)
    .map((item, index) => ({
      eventId: item.event!.id,
      userId: donorId,
      amountCents: item.amountCents,
      tipCents: item.tipCents,
      status: item.status,
      failureReason: item.failureReason ?? null,
      idempotencyKey: `demo-pledge-${index}-${item.event!.id}`,
      // A failed pledge's 7-day window opens now, so "Update payment method" retries it.
      failedAt: item.status === 'failed' ? new Date() : null,
      nextReminderAt: item.status === 'failed' ? new Date(Date.now() + 48 * 3_600_000) : null,
    }));
  if (rows.length) await db.insert(pledges).values(rows);
}
