import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LedgerVerifyResponse } from '@pledgeway/domain';
import { verifyLedger } from './verify.ts';

/** GET /api/admin/ledger/verify: the books' self-check for admins (and `npm run ledger:verify` on the embedded database). */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/ledger/verify',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['ledger'], summary: 'Check that the books balance and match the provider, both ways', response: { 200: LedgerVerifyResponse } },
    },
    async () => ({ success: true as const, data: await verifyLedger(app.ctx.database.query, app.ctx.payments) }),
  );
};
