// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentConfigResponse } from '@pledgeway/domain/schemas/payment-methods';
import { PledgeAuthenticationResponse, type PledgeAuthentication } from '@pledgeway/domain/schemas/pledge-authentication';
import { answer, answerEach, failure, server, signIn } from '@/test/network';
import { renderWithQueries } from '@/test/render';
import { resetStripeJs, stripeJs } from '@/test/stripe-js';
import AuthenticatePledgePage from './authenticate-pledge';

// Stripe.js stands in as apps/web/src/test/stripe-js.tsx: loadStripe hands the page a Stripe object whose answers the test decides.
vi.mock('@stripe/stripe-js/pure', async () => (await import('@/test/stripe-js')).stripeJsModule);

const waiting: PledgeAuthentication = {
  pledge_id: 'pledge-1',
  campaign: { _id: 'event-1', name: 'Harbour Swim' },
  total: 33,
  amount: 30,
  tip: 3,
  cover: 0,
  card: 'Visa •••• 3184',
  status: 'failed',
  waiting: true,
  failure_reason: 'Your card needs authentication: confirm the payment with your bank, or choose another payment method.',
  charged_at: null,
  window_ends_at: '2027-03-08T09:00:00.000Z',
  provider: 'sandbox',
  stripe: null,
};
const charged: PledgeAuthentication = {
  ...waiting,
  status: 'charged',
  waiting: false,
  failure_reason: null,
  charged_at: '2027-03-02T10:00:00.000Z',
  window_ends_at: null,
};

beforeEach(() => {
  signIn();
  resetStripeJs();
});
afterEach(cleanup);

function renderPage() {
  renderWithQueries(
    <MemoryRouter initialEntries={['/user/pledges/pledge-1/authenticate']}>
      <Routes>
        <Route path="/user/pledges/:pledgeId/authenticate" element={<AuthenticatePledgePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The page's read answers this state of the pledge. */
function shows(authentication: PledgeAuthentication) {
  server.use(answer('get', '/pledges/pledge-1/authentication', PledgeAuthenticationResponse, { success: true, data: { authentication } }));
}

/** The pledge waits on a Stripe PaymentIntent that asks for the bank's check; Stripe.js loads. */
function waitingOnStripe() {
  shows({ ...waiting, provider: 'stripe', stripe: { client_secret: 'pi_1_secret_x', payment_method: 'pm_1', intent_status: 'requires_action' } });
  server.use(answer('get', '/payment-methods/config', PaymentConfigResponse, { success: true, provider: 'stripe', publishable_key: 'pk_test_x' }));
  stripeJs.load.mockResolvedValue(stripeJs.stripe);
}

/** Stripe's button, once the publishable key has arrived (it waits for it). */
async function stripeButtonReady() {
  const button = await screen.findByRole('button', { name: 'Confirm with my bank' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  return button;
}

/** Records each confirm request's body and answers with `reply`. */
function confirmAnswers(reply: (body: unknown) => { authentication: PledgeAuthentication; message: string }) {
  const sent: unknown[] = [];
  server.use(
    answerEach('post', '/pledges/pledge-1/authenticate', PledgeAuthenticationResponse, async (request) => {
      const body = await request.json();
      sent.push(body);
      const { authentication, message } = reply(body);
      return { success: true as const, message, data: { authentication } };
    }),
  );
  return sent;
}

describe('confirming a pledge’s payment with the bank', () => {
  it('states the amount, the campaign and the card, and the sandbox says plainly that no bank is asked', async () => {
    shows(waiting);
    renderPage();
    expect(await screen.findByText('$33.00 ($30.00 pledge, $3.00 tip to Pledgeway)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Harbour Swim' }).getAttribute('href')).toBe('/events/event-1');
    expect(screen.getByText('Visa •••• 3184')).toBeTruthy();
    expect(screen.getByText('Waiting for your bank’s confirmation; nothing charged yet')).toBeTruthy();
    expect(screen.getByText(/no real bank is asked and no card is charged for real/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose another card instead' }).getAttribute('href')).toBe('/user/pledges?update=pledge-1');
  });

  it('an approval that the server booked is told as charged; the page then offers nothing more to confirm', async () => {
    shows(waiting);
    const sent = confirmAnswers(() => ({ authentication: charged, message: 'Thank you! Your card was charged $33.00 for your pledge to "Harbour Swim".' }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve payment' }));
    expect(await screen.findByText('Thank you! Your card was charged $33.00 for your pledge to "Harbour Swim".')).toBeTruthy();
    expect(sent).toEqual([{ sandbox_outcome: 'approve' }]);
    expect(await screen.findByText('Charged on Mar 2, 2027')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve payment' })).toBeNull();
  });

  it('a failed check is told plainly, nothing charged, and the page still waits', async () => {
    shows(waiting);
    const message = 'Your bank did not confirm the payment, so nothing was charged. You can try again, or choose another card under My Pledges.';
    const sent = confirmAnswers(() => ({ authentication: waiting, message }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Fail the check' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(sent).toEqual([{ sandbox_outcome: 'fail' }]);
    expect(screen.getByRole('button', { name: 'Approve payment' })).toBeTruthy();
  });

  it('with Stripe, runs handleNextAction on the attempt’s client secret, then asks the server to book it', async () => {
    waitingOnStripe();
    stripeJs.handleNextAction.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const sent = confirmAnswers(() => ({
      authentication: { ...charged, provider: 'stripe' },
      message: 'Thank you! Your card was charged $33.00 for your pledge to "Harbour Swim".',
    }));
    renderPage();
    expect(screen.queryByText(/Sandbox bank confirmation/)).toBeNull();
    fireEvent.click(await stripeButtonReady());
    expect(await screen.findByText(/Thank you! Your card was charged/)).toBeTruthy();
    expect(stripeJs.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' });
    expect(stripeJs.confirmPayment).not.toHaveBeenCalled();
    expect(sent).toEqual([{}]);
  });

  it('with Stripe, a bank that refuses is told as it is and the server is not asked to book anything', async () => {
    waitingOnStripe();
    stripeJs.handleNextAction.mockResolvedValue({ error: { message: 'We are unable to authenticate your payment method.' } });
    const sent = confirmAnswers(() => ({ authentication: charged, message: 'never sent' }));
    renderPage();
    fireEvent.click(await stripeButtonReady());
    expect(await screen.findByText('We are unable to authenticate your payment method. Nothing was charged.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm with my bank' }).hasAttribute('disabled')).toBe(false));
    expect(sent).toEqual([]);
  });

  it('another supporter’s pledge is not found, and nothing is offered', async () => {
    server.use(failure('get', '/pledges/pledge-1/authentication', 404, 'Pledge not found', 'NOT_FOUND'));
    renderPage();
    expect(await screen.findByText('Pledge not found')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
