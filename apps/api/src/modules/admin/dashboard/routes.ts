import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminDashboardResponse } from '@pledgeway/domain/schemas/admin';
import { monthlyGivingForAdmins } from '../../monthly-giving/index.ts';
import { loadDashboard } from './repository.ts';

export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    { schema: { tags: ['admin'], summary: 'Figures at a glance and the last 30 days', response: { 200: AdminDashboardResponse } } },
    async () => ({
      success: true as const,
      data: { ...(await loadDashboard(app.ctx.database)), monthly_giving: (await monthlyGivingForAdmins(app.ctx)).totals },
    }),
  );
};
