import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MetaResolver } from '../lib/spa.ts';
import { accountModule } from './account/index.ts';
import { adminModule } from './admin/index.ts';
import { apiKeysModule } from './api-keys/index.ts';
import { authModule } from './auth/index.ts';
import { catalogModule } from './catalog/index.ts';
import { chargingModule } from './charging/index.ts';
import { charitiesModule } from './charities/index.ts';
import { charityConnectModule } from './charity-connect/index.ts';
import { charityPortalModule } from './charity-portal/index.ts';
import { contactModule } from './contact/index.ts';
import { devModule } from './dev/index.ts';
import { disputesModule } from './disputes/index.ts';
import { donationsModule } from './donations/index.ts';
import { emailConfirmationModule } from './email-confirmation/index.ts';
import { embedsModule } from './embeds/index.ts';
import { eventPageMeta, eventsModule } from './events/index.ts';
import { exportsModule } from './exports/index.ts';
import { fundraisingPagesModule } from './fundraising-pages/index.ts';
import { hostsModule } from './hosts/index.ts';
import { identityModule } from './identity/index.ts';
import { ledgerModule } from './ledger/index.ts';
import { lifecycleModule } from './lifecycle/index.ts';
import { liveModule } from './live/index.ts';
import { matchingModule } from './matching/index.ts';
import { monthlyGivingModule } from './monthly-giving/index.ts';
import { myEventsModule } from './my-events/index.ts';
import { newsletterModule } from './newsletter/index.ts';
import { openLedgerModule } from './open-ledger/index.ts';
import { participantsModule } from './participants/index.ts';
import { passwordResetModule } from './password-reset/index.ts';
import { paymentEventsModule } from './payment-events/index.ts';
import { paymentMethodsModule } from './payment-methods/index.ts';
import { payoutsModule } from './payouts/index.ts';
import { pledgesModule } from './pledges/index.ts';
import { promotionsModule } from './promotions/index.ts';
import { runoffModule } from './runoff/index.ts';
import { searchModule } from './search/index.ts';
import { publicPageMeta } from './seo/index.ts';
import { stackPageMeta, stacksModule } from './stacks/index.ts';
import { statementsModule } from './statements/index.ts';
import { updatesModule } from './updates/index.ts';
import { webhooksModule } from './webhooks/index.ts';

// Each module shows one face, its index.ts: its plugin (every route it serves) and what other modules
// may use of it (CONTRIBUTING.md, 'API modules'). audit, event-reads, event-records and users serve
// no routes; the SEO module's sitemap and robots.txt are at the site root, registered by app.ts.

/** Every API module with routes, mounted under /api in this order. Add a module here to expose it. */
export const apiModules: FastifyPluginAsyncZod[] = [
  authModule,
  devModule,
  catalogModule,
  charitiesModule,
  donationsModule,
  contactModule,
  newsletterModule,
  searchModule,
  pledgesModule,
  matchingModule,
  liveModule,
  myEventsModule,
  paymentMethodsModule,
  passwordResetModule,
  emailConfirmationModule,
  accountModule,
  eventsModule,
  participantsModule,
  identityModule,
  adminModule,
  updatesModule,
  hostsModule,
  promotionsModule,
  fundraisingPagesModule,
  embedsModule,
  stacksModule,
  lifecycleModule,
  chargingModule,
  ledgerModule,
  charityConnectModule,
  payoutsModule,
  disputesModule,
  paymentEventsModule,
  runoffModule,
  openLedgerModule,
  statementsModule,
  monthlyGivingModule,
  charityPortalModule,
  webhooksModule,
  apiKeysModule,
  exportsModule,
];

/** Link-preview resolvers for SPA paths (first match wins). */
export const metaResolvers: MetaResolver[] = [eventPageMeta, stackPageMeta, publicPageMeta];
