// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdatePledgeCardResponse } from '@pledgeway/domain/schemas/money-admin';
import { PaymentMethodListResponse, type PaymentMethodResponse } from '@pledgeway/domain/schemas/payment-methods';
import { answer, answerEach, malformed, server } from '@/test/network';
import { renderWithQueries } from '@/test/render';
import { UpdateCardDialog } from './update-card-dialog';

// sonner is a third-party toast library: what the dialog hands it is what a person reads.
const mocks = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('sonner', () => ({ toast: { success: mocks.toast } }));

const card: PaymentMethodResponse = {
  id: 'card-1',
  kind: 'card',
  label: 'Visa •••• 4242',
  card: { brand: 'visa', last4: '4242', exp_month: 9, exp_year: 2030 },
  detail: null,
  billing_details: { name: 'Sam' },
  is_default: true,
};

const sent: unknown[] = [];
beforeEach(() => {
  sent.length = 0;
  server.use(answer('get', '/payment-methods', PaymentMethodListResponse, { success: true, data: [card] }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function retryAnswers(data: { status: 'charged' | 'failed'; failure_reason: string | null }, message: string) {
  server.use(
    answerEach('post', '/pledges/:id/payment-method', UpdatePledgeCardResponse, async (request) => {
      sent.push({ path: new URL(request.url).pathname, body: await request.json() });
      return { success: true as const, message, data: { _id: 'pledge-1', ...data } };
    }),
  );
}

async function open() {
  const onClose = vi.fn();
  renderWithQueries(<UpdateCardDialog pledgeId="pledge-1" eventName="River Swim" onClose={onClose} />);
  // The saved card is chosen as the default.
  const saved = (await screen.findByRole('radio', { name: /4242/ })) as HTMLInputElement;
  await vi.waitFor(() => expect(saved.checked).toBe(true));
  return onClose;
}

describe('Update payment method', () => {
  it('closes once the retry charged the card, and says so', async () => {
    retryAnswers({ status: 'charged', failure_reason: null }, 'Your payment method was charged. Thank you!');
    const onClose = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Use this payment method' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ path: '/api/pledges/pledge-1/payment-method', body: { payment_method_id: 'card-1' } }]);
    expect(mocks.toast).toHaveBeenCalledWith('Your payment method was charged. Thank you!', {
      description: 'Your pledge to River Swim is charged to the payment method you chose.',
    });
  });

  it('sends one retry for a double click', async () => {
    let asked = 0;
    let answerRetry!: () => void;
    server.use(
      http.post('/api/pledges/:id/payment-method', async () => {
        asked += 1;
        await new Promise<void>((resolve) => (answerRetry = resolve));
        const body = UpdatePledgeCardResponse.parse({
          success: true,
          message: 'Your payment method was charged. Thank you!',
          data: { _id: 'pledge-1', status: 'charged', failure_reason: null },
        });
        return HttpResponse.json(body);
      }),
    );
    const onClose = await open();
    const use = screen.getByRole('button', { name: 'Use this payment method' });
    fireEvent.click(use);
    fireEvent.click(use);
    await vi.waitFor(() => expect(asked).toBe(1));
    answerRetry();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(asked).toBe(1);
  });

  it('stays open with the reason when the new card is declined too', async () => {
    retryAnswers({ status: 'failed', failure_reason: 'Your card was declined.' }, 'Your payment method could not be charged: Your card was declined.');
    const onClose = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Use this payment method' }));
    const reason = await screen.findByRole('alert');
    expect(reason.textContent).toBe('Your payment method could not be charged: Your card was declined.');
    expect(onClose).not.toHaveBeenCalled();
    expect(mocks.toast).not.toHaveBeenCalled();
  });

  it('refuses an answer of another shape: it says so and does not claim the card was charged', async () => {
    server.use(malformed('post', '/pledges/:id/payment-method', { success: true, message: 'Charged', data: { _id: 'pledge-1', status: 'paid' } }));
    const onClose = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Use this payment method' }));
    const reason = await screen.findByRole('alert');
    expect(reason.textContent).toMatch(/^The server's answer for POST \/pledges\/pledge-1\/payment-method was not understood \(data\.status: /);
    expect(onClose).not.toHaveBeenCalled();
    expect(mocks.toast).not.toHaveBeenCalled();
  });
});
