import { and, desc, eq } from 'drizzle-orm';
import { IDENTITY_MESSAGES, type SandboxVerificationRequest } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { usersService } from '../users/index.ts';
import { isSandboxIdentity, WebhookSignatureError, type IdentityProvider } from '../../providers/identity/index.ts';
import { identitySessions, identityWebhookEvents } from './tables.ts';

type SessionRow = typeof identitySessions.$inferSelect;

function toSession(row: SessionRow | undefined) {
  return row ? { id: row.id, status: row.status, failure_reason: row.failureReason, created_at: row.createdAt.toISOString() } : null;
}

/** Only app-relative return paths: an open redirect would let a link send users anywhere. */
function safeNext(next: string | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/user/event/create';
}

/**
 * Phase 1 of creation: sessions with the identity provider, and its signed callbacks that set
 * users.identity_status. The sandbox delivers its callback through `deliver` to the webhook route.
 */
export function createIdentityService(ctx: AppContext, provider: IdentityProvider, deliver: (body: string, signature: string) => Promise<void>) {
  const { db } = ctx;

  async function latestSession(userId: string) {
    const [row] = await db.select().from(identitySessions).where(eq(identitySessions.userId, userId)).orderBy(desc(identitySessions.createdAt)).limit(1);
    return row;
  }

  return {
    async status(userId: string) {
      const [user] = await db.select({ status: users.identityStatus }).from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw AppError.unauthenticated();
      return { success: true as const, identity_status: user.status, provider: provider.name, session: toSession(await latestSession(userId)) };
    },

    async start(userId: string, next: string | undefined) {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw AppError.unauthenticated();
      if (user.identityStatus === 'verified') throw AppError.conflict('ALREADY_VERIFIED', IDENTITY_MESSAGES.alreadyVerified);
      const returnPath = safeNext(next);
      const returnUrl = provider.name === 'sandbox' ? returnPath : `${ctx.config.publicUrl}${returnPath}`;
      const session = await provider.createSession({ userId, email: user.email, returnUrl });
      const [row] = await db.insert(identitySessions).values({ userId, provider: provider.name, providerRef: session.ref }).returning();
      await usersService.setIdentityStatus(db, userId, 'pending');
      return { success: true as const, identity_status: 'pending' as const, session_id: row!.providerRef, url: session.url };
    },

    /** The sandbox's hosted page: decide, deliver the signed callback, report the result. */
    async submitSandbox(userId: string, sessionRef: string, input: SandboxVerificationRequest) {
      if (!isSandboxIdentity(provider)) throw AppError.notFound(IDENTITY_MESSAGES.sessionNotFound);
      const [row] = await db
        .select()
        .from(identitySessions)
        .where(and(eq(identitySessions.providerRef, sessionRef), eq(identitySessions.userId, userId)))
        .limit(1);
      if (!row) throw AppError.notFound(IDENTITY_MESSAGES.sessionNotFound);
      if (row.status !== 'open') throw AppError.conflict('SESSION_CLOSED', IDENTITY_MESSAGES.sessionClosed);
      await db.update(identitySessions).set({ status: 'processing' }).where(eq(identitySessions.id, row.id));
      const callback = provider.decide(sessionRef, input);
      await deliver(callback.body, callback.signature);
      const verified = callback.event.type === 'identity.verification_session.verified';
      return {
        success: true as const,
        identity_status: verified ? ('verified' as const) : ('failed' as const),
        message: verified ? IDENTITY_MESSAGES.verified : IDENTITY_MESSAGES.failed,
      };
    },

    /** Signed provider callback: idempotent per event id; sets the session and the user's status. */
    async handleWebhook(rawBody: string, signature: string | undefined) {
      let event;
      try {
        event = provider.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError || error instanceof SyntaxError) {
          throw new AppError('BAD_SIGNATURE', IDENTITY_MESSAGES.badSignature, 400);
        }
        throw error;
      }
      if (!event) return { received: true };
      const found = event;
      await db.transaction(async (tx) => {
        const inserted = await tx.insert(identityWebhookEvents).values({ id: found.id, type: found.type }).onConflictDoNothing().returning();
        if (!inserted.length) return;
        const [session] = await tx.select().from(identitySessions).where(eq(identitySessions.providerRef, found.sessionRef)).limit(1);
        if (!session) return;
        const verified = found.type === 'identity.verification_session.verified';
        await tx
          .update(identitySessions)
          .set({ status: verified ? 'verified' : 'failed', failureReason: verified ? null : found.reason, completedAt: new Date() })
          .where(eq(identitySessions.id, session.id));
        await usersService.setIdentityStatus(tx, session.userId, verified ? 'verified' : 'failed');
      });
      return { received: true };
    },
  };
}
