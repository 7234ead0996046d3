import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MetaResolver } from '../lib/spa.ts';
import { authRoutes } from './auth/routes.ts';
import { devRoutes } from './dev/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { charityRoutes } from './charities/routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { newsletterRoutes } from './newsletter/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { publicPageMeta } from './seo/routes.ts';
import { accountRoutes } from './account/routes.ts';
import { myEventsRoutes } from './my-events/routes.ts';
import { myPledgesRoutes } from './pledges/routes.ts';
import { liveRoutes } from './live/routes.ts';
import { donationRoutes } from './donations/routes.ts';
import { pledgeRoutes } from './pledges/pledge-routes.ts';
import { raiseRoutes } from './pledges/raise-routes.ts';
import { passwordResetRoutes } from './password-reset/routes.ts';
import { emailConfirmationRoutes } from './email-confirmation/routes.ts';
import { paymentMethodsRoutes } from './payment-methods/routes.ts';
import { paymentMethodDomainRoutes } from './payment-methods/domain-routes.ts';
import { paymentEventsRoutes } from './payment-events/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { eventPageMeta } from './events/meta.ts';
import { identityRoutes } from './identity/routes.ts';
import { participantRoutes } from './participants/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { updateRoutes } from './updates/routes.ts';
import { unsubscribeRoutes } from './updates/unsubscribe-routes.ts';
import { hostRoutes } from './hosts/routes.ts';
import { promotionRoutes } from './promotions/routes.ts';
import { fundraisingPageRoutes } from './fundraising-pages/routes.ts';
import { embedRoutes } from './embeds/routes.ts';
import { stackRoutes } from './stacks/routes.ts';
import { stackPageMeta } from './stacks/meta.ts';
import { lifecycleRoutes } from './lifecycle/routes.ts';
import { chargingRoutes } from './charging/routes.ts';
import { chargeRunRoutes } from './charging/run-routes.ts';
import { ledgerRoutes } from './ledger/routes.ts';
import { payoutsRoutes } from './payouts/routes.ts';
import { disputesRoutes } from './disputes/routes.ts';
import { sandboxDisputeRoutes } from './payment-events/sandbox-routes.ts';
import { runoffRoutes } from './runoff/routes.ts';
import { openLedgerRoutes } from './open-ledger/routes.ts';
import { statementsRoutes } from './statements/routes.ts';
import { matchingRoutes } from './matching/routes.ts';
import { monthlyGivingRoutes } from './monthly-giving/routes.ts';
import { charityConnectRoutes } from './charity-connect/routes.ts';
import { sandboxConnectRoutes } from './charity-connect/sandbox-routes.ts';
import { charityPortalRoutes } from './charity-portal/routes.ts';
import { profileChangeRoutes } from './charity-portal/profile-change-routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { exportRoutes } from './exports/routes.ts';

/** Every API module, mounted under /api in this order. Add a module here to expose it. */
export const apiModules: FastifyPluginAsyncZod[] = [
  authRoutes,
  devRoutes,
  catalogRoutes,
  charityRoutes,
  donationRoutes,
  contactRoutes,
  newsletterRoutes,
  searchRoutes,
  myPledgesRoutes,
  pledgeRoutes,
  matchingRoutes,
  raiseRoutes,
  liveRoutes,
  myEventsRoutes,
  paymentMethodsRoutes,
  paymentMethodDomainRoutes,
  paymentEventsRoutes,
  passwordResetRoutes,
  emailConfirmationRoutes,
  accountRoutes,
  eventRoutes,
  participantRoutes,
  identityRoutes,
  adminRoutes,
  updateRoutes,
  unsubscribeRoutes,
  hostRoutes,
  promotionRoutes,
  fundraisingPageRoutes,
  embedRoutes,
  stackRoutes,
  lifecycleRoutes,
  chargeRunRoutes,
  chargingRoutes,
  ledgerRoutes,
  charityConnectRoutes,
  sandboxConnectRoutes,
  payoutsRoutes,
  disputesRoutes,
  sandboxDisputeRoutes,
  runoffRoutes,
  openLedgerRoutes,
  statementsRoutes,
  monthlyGivingRoutes,
  charityPortalRoutes,
  profileChangeRoutes,
  webhookRoutes,
  apiKeyRoutes,
  exportRoutes,
];

/** Link-preview resolvers for SPA paths (first match wins). */
export const metaResolvers: MetaResolver[] = [eventPageMeta, stackPageMeta, publicPageMeta];
