import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PaymentMethodDomainResponse } from '@pledgeway/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { requireAdminOnEachRoute } from '../../lib/admin-routes.ts';
import { isStripe, type PaymentMethodDomainState } from '../../providers/payments/index.ts';
import { recordAdminAction } from '../audit/index.ts';

export const DOMAIN_MESSAGES = {
  sandbox: 'The sandbox payment provider has no Apple Pay or Google Pay, so there is no domain to register. Its wallet and cash app work on any domain.',
  local: 'Apple Pay and Google Pay need a public HTTPS domain. This site’s PUBLIC_URL is not one, so Stripe cannot verify it and wallets will not show.',
} as const;

/** The domain wallets run on: PUBLIC_URL's host name (decision 152). */
export function walletDomainOf(publicUrl: string): { domain: string; note: string | null } {
  const url = new URL(publicUrl);
  const local = url.protocol !== 'https:' || url.hostname === 'localhost' || /^[\d.]+$|^\[/.test(url.hostname) || !url.hostname.includes('.');
  return { domain: url.hostname, note: local ? DOMAIN_MESSAGES.local : null };
}

function answer(ctx: AppContext, state: PaymentMethodDomainState | null) {
  const { domain, note } = walletDomainOf(ctx.config.publicUrl);
  const stripe = isStripe(ctx.payments);
  return {
    success: true as const,
    provider: ctx.payments.name,
    domain,
    applies: stripe,
    note: stripe ? note : DOMAIN_MESSAGES.sandbox,
    registration: state && { id: state.ref, enabled: state.enabled, wallets: state.wallets },
  };
}

/**
 * Admin: the state of PUBLIC_URL's domain at Stripe for Apple Pay and Google Pay, and the action
 * that registers it (or has Stripe check it again), under /api/admin behind the admin check.
 */
export const paymentMethodDomainRoutes: FastifyPluginAsyncZod = async (parent) => {
  await parent.register(adminDomainRoutes, { prefix: '/admin' });
};

const adminDomainRoutes: FastifyPluginAsyncZod = async (app) => {
  requireAdminOnEachRoute(app);
  const { ctx } = app;
  app.get(
    '/payment-method-domain',
    { schema: { tags: ['admin'], summary: 'PUBLIC_URL’s domain and its registration for wallets', response: { 200: PaymentMethodDomainResponse } } },
    async () => {
      const payments = ctx.payments;
      if (!isStripe(payments)) return answer(ctx, null);
      return answer(ctx, await payments.paymentMethodDomain(walletDomainOf(ctx.config.publicUrl).domain));
    },
  );

  app.post(
    '/payment-method-domain',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['admin'], summary: 'Registers PUBLIC_URL’s domain with Stripe for wallets', response: { 200: PaymentMethodDomainResponse } },
    },
    async (request) => {
      const payments = ctx.payments;
      if (!isStripe(payments)) throw AppError.conflict('NO_WALLET_DOMAIN', DOMAIN_MESSAGES.sandbox);
      const { domain } = walletDomainOf(ctx.config.publicUrl);
      const state = await payments.registerPaymentMethodDomain(domain);
      await recordAdminAction(ctx.db, request.auth!.userId, {
        action: 'payment_method_domain.register',
        targetType: 'payment_method_domain',
        targetId: state.ref,
        after: { domain: state.domain, enabled: state.enabled, wallets: state.wallets },
      });
      return answer(ctx, state);
    },
  );
};
