import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminOnEachRoute } from '../../lib/admin-routes.ts';
import { adminAuditRoutes } from './audit-log/routes.ts';
import { adminCampaignRoutes } from './campaigns/routes.ts';
import { adminCharityRoutes } from './charities/routes.ts';
import { adminDashboardRoutes } from './dashboard/routes.ts';
import { adminMessageRoutes } from './messages/routes.ts';
import { adminPeopleRoutes } from './people/routes.ts';

/**
 * The admin console's endpoints under /api/admin. The admin check runs on request, before the
 * body is read or validated, so a visitor gets 401 and a user 403 whatever they send.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    async (admin) => {
      requireAdminOnEachRoute(admin);
      for (const module of [adminDashboardRoutes, adminCampaignRoutes, adminCharityRoutes, adminPeopleRoutes, adminMessageRoutes, adminAuditRoutes]) {
        await admin.register(module);
      }
    },
    { prefix: '/admin' },
  );
};
