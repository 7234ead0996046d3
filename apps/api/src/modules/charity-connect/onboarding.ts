import { CONNECT_MESSAGES, type ConnectAccountState } from '@pledgeway/domain';
import type { AppContext, AuthInfo } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { ConnectedAccount } from '../../providers/payments/index.ts';
import { auditRepository } from '../audit/index.ts';
import { assertConnectable } from './connectable.ts';
import { charityRepresentation as representation } from './representation-port.ts';
import { connectRepository as repo, type ConnectAccountRow } from './repository.ts';

/**
 * Who may start or refresh a charity's onboarding and read its transfers: admins, and the
 * charity's representatives (decisions 130, 135), by the portal's own check of who represents it.
 */
export async function assertMayManageCharityConnect(db: Executor, auth: AuthInfo | null | undefined, charityId: string): Promise<AuthInfo> {
  if (!auth) throw AppError.unauthenticated();
  if (auth.role === 'admin' || (await representation.represents(db, charityId, auth.userId))) return auth;
  throw AppError.forbidden();
}

export const toAccountState = (row: ConnectAccountRow): ConnectAccountState => ({
  account_ref: row.accountRef,
  details_submitted: row.detailsSubmitted,
  payouts_enabled: row.payoutsEnabled,
  requirements_due: row.requirementsDue,
  updated_at: row.updatedAt.toISOString(),
});

function requirementsEmail(to: string, charity: string, due: string[], url: string) {
  return {
    to,
    kind: 'connect-requirements',
    subject: `${charity}: the payment provider asks for more before it pays the charity`,
    text: [
      `The payment provider (Stripe) needs more from ${charity} before transfers to its account can be paid out:`,
      due.map((item) => `- ${item}`).join('\n'),
      `Continue the charity's onboarding here: ${url}`,
    ].join('\n\n'),
  };
}

/** Connected accounts: made once per charity, onboarded on the provider's page, their state read back. */
export function createOnboarding(ctx: AppContext) {
  const { db } = ctx;
  const consoleUrl = (charityId: string) => `${ctx.config.publicUrl}/admin/charity-connect?charity=${charityId}`;
  const portalUrl = (charityId: string) => `${ctx.config.publicUrl}/user/charities/${charityId}?`;

  /** Stores what the provider reports, and e-mails once when it asks for something new. */
  async function store(charityId: string, account: ConnectedAccount): Promise<ConnectAccountRow> {
    const row = await repo.updateAccount(db, charityId, account, ctx.clock.now());
    if (!row) throw AppError.notFound(CONNECT_MESSAGES.notConnected);
    const charity = await repo.charity(db, charityId);
    if (account.requirementsDue.length && account.detailsSubmitted && (await repo.markRequirementsTold(db, charityId, account.requirementsDue))) {
      // The charity's representatives are told, with the way back to their portal; a charity nobody represents yet, its admins.
      const representatives = await representation.emails(db, charityId);
      const [recipients, url] = representatives.length ? [representatives, portalUrl(charityId)] : [await repo.adminEmails(db), consoleUrl(charityId)];
      for (const to of recipients) await ctx.mailer.send(requirementsEmail(to, charity?.name ?? 'A charity', account.requirementsDue, url));
    }
    return row;
  }

  return {
    /** Makes the charity's account (once, under any race: one key, one row) and its onboarding page. */
    async start(auth: AuthInfo | null | undefined, charityId: string): Promise<{ url: string; account: ConnectAccountState }> {
      const caller = await assertMayManageCharityConnect(db, auth, charityId);
      const charity = await repo.charity(db, charityId);
      if (!charity) throw AppError.notFound(CONNECT_MESSAGES.charityNotFound);
      let row = await repo.account(db, charityId);
      if (!row) {
        // Receipts must be able to name the charity for a tax office before it is connected (decision 137).
        assertConnectable(charity);
        const made = await ctx.payments.connect.createAccount({ charityId, name: charity.name, email: null, idempotencyKey: `connect-account:${charityId}` });
        row = await repo.insertAccount(db, { charityId, provider: ctx.payments.name, accountRef: made.ref, ...made });
        await auditRepository.record(db, {
          actorId: caller.userId,
          action: 'charity.connect_start',
          targetType: 'charity',
          targetId: charityId,
          after: { account_ref: row.accountRef },
        });
      }
      // Back where the caller started: an admin's console, or the representative's portal.
      const back = caller.role === 'admin' ? `${consoleUrl(charityId)}&` : portalUrl(charityId);
      const link = await ctx.payments.connect.accountLink({
        accountRef: row.accountRef,
        refreshUrl: `${back}onboarding=refresh`,
        returnUrl: `${back}onboarding=return`,
      });
      return { url: link.url, account: toAccountState(row) };
    },

    async refresh(auth: AuthInfo | null | undefined, charityId: string): Promise<ConnectAccountState> {
      await assertMayManageCharityConnect(db, auth, charityId);
      const row = await repo.account(db, charityId);
      if (!row) throw AppError.notFound(CONNECT_MESSAGES.notConnected);
      return toAccountState(await store(charityId, await ctx.payments.connect.retrieveAccount(row.accountRef)));
    },

    /**
     * Stripe's `account.updated` webhook (signature checked by payment events): the account is read
     * again from the provider rather than taken from the event, so events arriving late or out of
     * order never put an older state back. False for an account that is not one of ours.
     */
    async accountUpdated(accountRef: string): Promise<boolean> {
      const row = await repo.accountByRef(db, ctx.payments.name, accountRef);
      if (!row) return false;
      await store(row.charityId, await ctx.payments.connect.retrieveAccount(accountRef));
      return true;
    },

    /** Reads again every account not yet paid out to (the job's first step, in case a webhook was missed or the sandbox has none). */
    async refreshOnboarding(): Promise<void> {
      for (const row of await repo.accounts(db)) {
        if (row.provider !== ctx.payments.name || (row.payoutsEnabled && !row.requirementsDue.length)) continue;
        try {
          await store(row.charityId, await ctx.payments.connect.retrieveAccount(row.accountRef));
        } catch (error) {
          ctx.log.warn({ charityId: row.charityId, err: error }, 'connected account could not be read');
        }
      }
    },
  };
}
