import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CharityDonationActionResponse,
  CharityDonationRequest,
  CharityDonationResponse,
  DONATION_RESULT_MESSAGES,
  IdParams,
  StripeDonationReturnRequest,
  StripeDonationReturnResponse,
} from '@pledgeway/domain';
import { AppError } from '../../errors.ts';
import { z } from 'zod';
import { createDonationsService } from './service.ts';
import { ROUTE_SECURITY } from '../../lib/openapi.ts';

/** With a saved payment method (decision 160) or a Stripe payment method (decision 245), the donor's retry of one donation sends the same key. */
const DonationHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(200, 'Idempotency-Key must be at most 200 characters').optional(),
});

/** Donations to a charity, open to visitors; a few a minute per address. */
export const donationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDonationsService(app.ctx);

  app.post(
    '/charities/:id/donations',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags: ['charities'],
        summary:
          "Donate to a charity: charged at once with a card token from the card form, a saved payment method when signed in, or with Stripe a visitor's Payment Element payment method (202 when the bank asks the donor to authenticate first)",
        params: IdParams,
        headers: DonationHeaders,
        body: CharityDonationRequest,
        response: { 201: CharityDonationResponse, 202: CharityDonationActionResponse },
      },
    },
    async (request, reply) => {
      const result = await service.donate(request.params.id, request.body, request.auth?.userId ?? null, request.headers['idempotency-key']);
      if ('action' in result) {
        // Nothing is charged yet: the page has the donor authenticate, then sends the same request again.
        return reply.status(202).send({
          success: true as const,
          message: DONATION_RESULT_MESSAGES.actionRequired,
          data: { action: { type: 'stripe_next_action' as const, client_secret: result.action.clientSecret } },
        });
      }
      return reply.status(201).send({ success: true as const, message: result.message, data: { donation: result.donation } });
    },
  );

  app.post(
    '/charities/donations/stripe-return',
    {
      // The return page may ask again while a payment is processing.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        security: ROUTE_SECURITY.optionalSession,
        tags: ['charities'],
        summary:
          "With Stripe, a visitor's donation after a payment method that left the page: the PaymentIntent (with its client secret) read back from Stripe and booked once if it succeeded",
        body: StripeDonationReturnRequest,
        response: { 200: StripeDonationReturnResponse },
      },
    },
    async (request) => {
      const settled = await service.settleStripeDonation(request.body.payment_intent, request.body.client_secret);
      if (!settled) throw AppError.notFound(DONATION_RESULT_MESSAGES.returnNotFound);
      const message = {
        booked: DONATION_RESULT_MESSAGES.thanks.replace('{charity}', settled.charityName),
        processing: DONATION_RESULT_MESSAGES.returnProcessing,
        waiting: DONATION_RESULT_MESSAGES.returnWaiting,
        failed: DONATION_RESULT_MESSAGES.returnFailed,
      }[settled.state];
      return { success: true as const, message, data: { state: settled.state, donation: settled.donation } };
    },
  );
};
