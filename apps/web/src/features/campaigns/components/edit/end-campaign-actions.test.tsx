// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LifecyclePreview } from '@pledgeway/domain/schemas/lifecycle';
import type { ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { EndCampaignActions } from './end-campaign-actions';

const preview: LifecyclePreview = {
  status: 'approved',
  close: { allowed: true, funding_amount: 100, refund_amount: 91.8, kept_amount: 8.2, released_pledges: 2, released_amount: 65, released_matches: 1 },
  complete: {
    allowed: true,
    charge: { outcome: 'charge', pledges: { count: 2, amount: 145.5 }, match_charges: { count: 1, amount: 90 }, funding: { amount: 100, to_charity: 91.8 } },
    counted_amount: 165,
    target_amount: 1000,
    funding_model: 'all_donations',
    runoff: false,
    matches: [{ sponsor_name: 'Acme Foods', ratio: 2, cap: 100, at_most: 90 }],
  },
};
const mocks = vi.hoisted(() => ({ end: vi.fn(), toast: vi.fn(), pending: false }));
vi.mock('../../api/get-lifecycle-preview', () => ({ useLifecyclePreview: () => ({ data: preview, isPending: false, isError: false, error: null }) }));
vi.mock('../../api/end-campaign', () => ({ useEndCampaign: () => ({ mutateAsync: mocks.end, isPending: mocks.pending }) }));
vi.mock('sonner', () => ({ toast: { success: mocks.toast } }));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const live = { _id: 'e1', status: 'approved', allowed_statuses: ['close', 'completed'] } as unknown as ManageEventResponse;

describe('ending a campaign', () => {
  it('states the refund, what is kept and the released pledges before closing, then closes once however often it is clicked', async () => {
    let answer!: (value: unknown) => void;
    mocks.end.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<EndCampaignActions event={live} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this campaign?' });
    expect(
      within(dialog).getByText('Your refund: $91.80 of your $100.00 funding goes back to your card; $8.20 is kept (the card fee, the refund fee and 5%).')
        .textContent,
    ).toBe('Your refund: $91.80 of your $100.00 funding goes back to your card; $8.20 is kept (the card fee, the refund fee and 5%).');
    expect(within(dialog).getByText('2 pledges ($65.00) released: nobody is charged for them.').textContent).toBe(
      '2 pledges ($65.00) released: nobody is charged for them.',
    );
    expect(within(dialog).getByText('1 match offer released: no sponsor is charged.').textContent).toBe('1 match offer released: no sponsor is charged.');
    expect(mocks.end).not.toHaveBeenCalled();

    const confirm = within(dialog).getByRole('button', { name: 'Close campaign' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(mocks.end).toHaveBeenCalledTimes(1);
    expect(mocks.end).toHaveBeenCalledWith('close');
    answer({ success: true, message: 'Campaign closed', event: { _id: 'e1', status: 'close' } });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mocks.toast).toHaveBeenCalledWith('Campaign closed');
  });

  it('states the pledges and the amount to be charged before completing', async () => {
    render(<EndCampaignActions event={live} />);
    fireEvent.click(screen.getByRole('button', { name: 'Complete campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this campaign complete?' });
    expect(within(dialog).getByText('2 pledges to charge: $145.50, when an admin confirms the charge.').textContent).toBe(
      '2 pledges to charge: $145.50, when an admin confirms the charge.',
    );
    expect(within(dialog).getByText("1 match charge: at most $90.00, charged to the sponsors' cards after the pledges.").textContent).toBe(
      "1 match charge: at most $90.00, charged to the sponsors' cards after the pledges.",
    );
    expect(
      within(dialog).getByText(
        'Your funding of $100.00, charged at submission, passes $91.80 on to the charity (less its card fee and the 5% platform fee); it is not charged again.',
      ).textContent,
    ).toBe(
      'Your funding of $100.00, charged at submission, passes $91.80 on to the charity (less its card fee and the 5% platform fee); it is not charged again.',
    );
    expect(
      within(dialog).getByText(
        "Matched by Acme Foods (2:1 up to $100.00): at most $90.00, worked out from the pledges actually charged and charged to the sponsor's card after them.",
      ).textContent,
    ).toBe(
      "Matched by Acme Foods (2:1 up to $100.00): at most $90.00, worked out from the pledges actually charged and charged to the sponsor's card after them.",
    );
  });

  it('keeps the dialog open with the reason when the action fails, and says no success', async () => {
    mocks.end.mockRejectedValue(new Error('This campaign is Completed: it cannot be closed'));
    render(<EndCampaignActions event={live} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this campaign?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close campaign' }));
    expect((await within(dialog).findByText('This campaign is Completed: it cannot be closed')).textContent).toBe(
      'This campaign is Completed: it cannot be closed',
    );
    expect(mocks.toast).not.toHaveBeenCalled();
  });

  it('offers nothing on a campaign that can be neither completed nor closed', () => {
    const { container } = render(<EndCampaignActions event={{ ...live, allowed_statuses: ['pending'] } as ManageEventResponse} />);
    expect(container.textContent).toBe('');
  });
});

describe('the words of the money', () => {
  it('speaks of a refund of the funding only when there is a charged funding', async () => {
    const { completeMoneyLines } = await import('./end-campaign-text');
    const figures = { outcome: 'release' as const, pledges: { count: 1, amount: 0 }, match_charges: { count: 1, amount: 0 }, funding: null };
    const release = { ...preview.complete, counted_amount: 25, target_amount: 5000, charge: figures };
    expect(completeMoneyLines({ ...preview, complete: { ...release, matches: [] } })).toEqual([
      'All or Nothing: $25.00 of the $5,000.00 target was pledged.',
      '1 pledge to release: nobody is charged.',
    ]);
    // The sponsors' offers go with the pledges.
    expect(completeMoneyLines({ ...preview, complete: release })[2]).toBe('1 match offer released: no sponsor is charged.');
    const funded = { ...release, counted_amount: 125, charge: { ...figures, pledges: { count: 2, amount: 0 }, funding: { amount: 100, to_charity: 0 } } };
    expect(completeMoneyLines({ ...preview, complete: funded })[1]).toBe(
      '2 pledges to release: nobody is charged; your $100.00 funding is refunded to your payment method less its card fee.',
    );
  });
});
