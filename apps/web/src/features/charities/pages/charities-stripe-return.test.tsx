// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DONATION_RESULT_MESSAGES, StripeDonationReturnResponse } from '@pledgeway/domain/schemas/donations';
import { CharityGroupsResponse } from '@pledgeway/domain/schemas/public';
import { answer, answerEach, failure, server } from '@/test/network';
import { renderWithQueries } from '@/test/render';
import CharitiesPage from './charities';

/*
 * The donor back on /charities from a payment method that left the page (decision 255): the page
 * asks the API where the donation stands, answered here through MSW (decision 221), and thanks only
 * for a booked donation.
 */
const RETURN = '/charities/donations/stripe-return';
const returnUrl = (status = 'succeeded') => `/charities?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_abc&redirect_status=${status}`;
const booked = {
  success: true as const,
  message: 'Thank you for your donation to Brightpot Community Kitchens!',
  data: {
    state: 'booked' as const,
    donation: { _id: 'd1', charity_id: 'c1', amount: 40, status: 'charged' as const, created_at: '2026-11-28T10:00:00.000Z' },
  },
};
const notBooked = (state: 'processing' | 'waiting' | 'failed', message: string) => ({ success: true as const, message, data: { state, donation: null } });

/** What the page sent to the return route, in order. */
const sent: unknown[] = [];
function returnAnswers(...answers: (typeof booked | ReturnType<typeof notBooked>)[]) {
  return answerEach('post', RETURN, StripeDonationReturnResponse, async (request) => {
    sent.push(await request.clone().json());
    return answers[Math.min(sent.length, answers.length) - 1]!;
  });
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const open = (url: string) =>
  renderWithQueries(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/charities"
          element={
            <>
              <CharitiesPage />
              <Location />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  sent.length = 0;
  server.use(answer('get', '/charities', CharityGroupsResponse, []));
});
afterEach(cleanup);

describe('/charities back from Stripe (decision 255)', () => {
  it('sends the PaymentIntent and its client secret from the URL and thanks once the API says the donation is booked', async () => {
    server.use(returnAnswers(booked));
    open(returnUrl());
    expect(await screen.findByText('Checking your payment…')).toBeTruthy();
    expect(await screen.findByText(booked.message)).toBeTruthy();
    expect(screen.getByText('Your donation of $40.00 is recorded, and your receipt is on its way by e-mail.')).toBeTruthy();
    expect(sent).toEqual([{ payment_intent: 'pi_123', client_secret: 'pi_123_secret_abc' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    await waitFor(() => expect(screen.queryByText(booked.message)).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/charities');
  });

  it('says a payment is processing without thanking, asks again, and thanks once it is booked', async () => {
    server.use(returnAnswers(notBooked('processing', DONATION_RESULT_MESSAGES.returnProcessing), booked));
    open(returnUrl());
    expect(await screen.findByText(DONATION_RESULT_MESSAGES.returnProcessing)).toBeTruthy();
    expect(screen.getByText('Your payment is processing')).toBeTruthy();
    expect(screen.queryByText(/thank you/i)).toBeNull();
    expect(await screen.findByText(booked.message, {}, { timeout: 10_000 })).toBeTruthy();
    expect(sent).toHaveLength(2);
  });

  it("believes the API, not Stripe's redirect_status: a failed or unconfirmed payment says nothing was charged and thanks no one", async () => {
    server.use(returnAnswers(notBooked('failed', DONATION_RESULT_MESSAGES.returnFailed)));
    open(returnUrl('succeeded'));
    expect(await screen.findByText(DONATION_RESULT_MESSAGES.returnFailed)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Payment not completed');
    expect(screen.queryByText(/thank you/i)).toBeNull();
    cleanup();

    server.use(returnAnswers(notBooked('waiting', DONATION_RESULT_MESSAGES.returnWaiting)));
    open(returnUrl('failed'));
    expect(await screen.findByText(DONATION_RESULT_MESSAGES.returnWaiting)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Payment not confirmed');
    expect(screen.queryByText(/thank you/i)).toBeNull();
  });

  it("shows the API's refusal of a payment it does not know, and a failure to check as no donation", async () => {
    server.use(failure('post', RETURN, 404, DONATION_RESULT_MESSAGES.returnNotFound, 'NOT_FOUND'));
    open(returnUrl());
    expect(await screen.findByText(DONATION_RESULT_MESSAGES.returnNotFound)).toBeTruthy();
    expect(screen.getByText('Payment not found')).toBeTruthy();
    cleanup();

    server.use(failure('post', RETURN, 502, 'The payment provider is not answering', 'PAYMENT_PROVIDER_ERROR'));
    open(returnUrl());
    expect(await screen.findByText('We could not check your payment')).toBeTruthy();
    expect(screen.queryByText(/thank you/i)).toBeNull();
  });

  it('asks nothing and shows nothing on /charities without a PaymentIntent in the URL', async () => {
    server.use(returnAnswers(booked));
    open('/charities?redirect_status=succeeded');
    expect(await screen.findByRole('heading', { name: 'Charities' })).toBeTruthy();
    expect(screen.queryByText('Checking your payment…')).toBeNull();
    expect(sent).toEqual([]);
  });
});
