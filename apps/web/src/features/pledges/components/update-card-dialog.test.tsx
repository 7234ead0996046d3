// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdateCardDialog } from './update-card-dialog';

const mocks = vi.hoisted(() => ({ update: vi.fn(), toast: vi.fn() }));
vi.mock('../api/update-pledge-card', () => ({ useUpdatePledgeCard: () => ({ mutateAsync: mocks.update, isPending: false }) }));
vi.mock('sonner', () => ({ toast: { success: mocks.toast } }));
vi.mock('@/components/payments/card-picker', () => ({
  CardPicker: ({ onChange }: { onChange(id: string): void }) => (
    <button type="button" onClick={() => onChange('card-1')}>
      Pick card
    </button>
  ),
}));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function open() {
  const onClose = vi.fn();
  render(<UpdateCardDialog pledgeId="pledge-1" eventName="River Swim" onClose={onClose} />);
  fireEvent.click(screen.getByRole('button', { name: 'Pick card' }));
  return onClose;
}

describe('Update payment method', () => {
  it('closes once the retry charged the card, and says so', async () => {
    mocks.update.mockResolvedValue({
      success: true,
      message: 'Your payment method was charged. Thank you!',
      data: { _id: 'pledge-1', status: 'charged', failure_reason: null },
    });
    const onClose = open();
    fireEvent.click(screen.getByRole('button', { name: 'Use this payment method' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mocks.toast).toHaveBeenCalledWith(
      'Your payment method was charged. Thank you!',
      expect.objectContaining({ description: expect.stringContaining('River Swim') }),
    );
  });

  it('sends one retry for a double click', async () => {
    let answer!: (value: unknown) => void;
    mocks.update.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    open();
    const use = screen.getByRole('button', { name: 'Use this payment method' });
    fireEvent.click(use);
    fireEvent.click(use);
    expect(mocks.update).toHaveBeenCalledTimes(1);
    answer({ success: true, message: 'Your payment method was charged. Thank you!', data: { _id: 'pledge-1', status: 'charged', failure_reason: null } });
  });

  it('stays open with the reason when the new card is declined too', async () => {
    mocks.update.mockResolvedValue({
      success: true,
      message: 'Your payment method could not be charged: Your card was declined.',
      data: { _id: 'pledge-1', status: 'failed', failure_reason: 'Your card was declined.' },
    });
    const onClose = open();
    fireEvent.click(screen.getByRole('button', { name: 'Use this payment method' }));
    expect((await screen.findByText('Your payment method could not be charged: Your card was declined.')).textContent).toBe(
      'Your payment method could not be charged: Your card was declined.',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(mocks.toast).not.toHaveBeenCalled();
  });
});
