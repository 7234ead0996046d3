import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { isSandbox } from '../../providers/payments/index.ts';
import { createPaymentEventsService, deliverSandboxEvents, SANDBOX_EVENTS_QUEUE } from './service.ts';

const SIGNATURE_HEADER = 'stripe-signature';

/**
 * POST /payments/webhook: the one Stripe endpoint. Payment events are recorded once each;
 * identity.verification_session.* events, signed with the same secret, go on to the identity
 * module's webhook (which checks them again and handles each once).
 */
export const paymentEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPaymentEventsService(app.ctx);
  const { ctx } = app;
  if (isSandbox(ctx.payments)) {
    // The sandbox's webhook: each new event is delivered by a job, and every minute any left over.
    ctx.jobs.define(
      SANDBOX_EVENTS_QUEUE,
      async () => {
        const { waiting } = await deliverSandboxEvents(ctx);
        if (waiting) throw new Error(`${waiting} sandbox event(s) wait for their charge to be booked; delivered again shortly`);
      },
      { cron: '* * * * *', retryLimit: 10 },
    );
    ctx.payments.disputes.onEvent(() => ctx.jobs.enqueue(SANDBOX_EVENTS_QUEUE, {}));
  }

  // The signature covers the exact bytes, so JSON is read as text here only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: "Stripe's signed webhook calls (payment and identity events)",
        response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const header = request.headers[SIGNATURE_HEADER];
      const signature = Array.isArray(header) ? header[0] : header;
      const body = String(request.body ?? '');
      const outcome = await service.handleWebhook(body, signature);
      if (outcome.kind === 'identity') {
        const forwarded = await app.inject({
          method: 'POST',
          url: '/api/identity/webhook',
          payload: body,
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature ?? '' },
        });
        if (forwarded.statusCode !== 200) {
          const { message, code } = forwarded.json<{ message?: string; code?: string }>();
          throw new AppError(code ?? 'IDENTITY_WEBHOOK_FAILED', message ?? 'The identity event could not be recorded', forwarded.statusCode);
        }
        return reply.send({ received: true, duplicate: false });
      }
      return reply.send({ received: true, duplicate: outcome.kind === 'duplicate' });
    },
  );
};
