// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LifecyclePreviewResponse, LifecycleResponse, type LifecyclePreview } from '@pledgeway/domain/schemas/lifecycle';
import { answer, failure, server } from '@/test/network';
import { renderWithQueries } from '@/test/render';
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
// sonner is a third-party toast library: what the page hands it is what a person reads.
const mocks = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('sonner', () => ({ toast: { success: mocks.toast } }));
beforeEach(() => server.use(answer('get', '/events/e1/lifecycle-preview', LifecyclePreviewResponse, { success: true, data: preview })));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});
const render = renderWithQueries;

const live = { _id: 'e1', status: 'approved', allowed_statuses: ['close', 'completed'] } as unknown as ManageEventResponse;

describe('ending a campaign', () => {
  it('states the refund, what is kept and the released pledges before closing, then closes once however often it is clicked', async () => {
    const asked: string[] = [];
    let answerClose!: () => void;
    server.use(
      http.post('/api/events/e1/:action', async ({ params }) => {
        asked.push(String(params.action));
        await new Promise<void>((resolve) => (answerClose = resolve));
        return HttpResponse.json(LifecycleResponse.parse({ success: true, message: 'Campaign closed', event: { _id: 'e1', status: 'close' } }));
      }),
    );
    render(<EndCampaignActions event={live} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this campaign?' });
    const lines = [
      'Your refund: $91.80 of your $100.00 funding goes back to your card; $8.20 is kept (the card fee, the refund fee and 5%).',
      '2 pledges ($65.00) released: nobody is charged for them.',
      '1 match offer released: no sponsor is charged.',
    ];
    for (const line of lines) expect((await within(dialog).findByText(line)).textContent).toBe(line);
    expect(asked).toEqual([]);

    const confirm = within(dialog).getByRole('button', { name: 'Close campaign' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(asked).toEqual(['close']));
    answerClose();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mocks.toast).toHaveBeenCalledWith('Campaign closed');
    expect(asked).toEqual(['close']);
  });

  it('states the pledges and the amount to be charged before completing', async () => {
    render(<EndCampaignActions event={live} />);
    fireEvent.click(screen.getByRole('button', { name: 'Complete campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this campaign complete?' });
    const lines = [
      '2 pledges to charge: $145.50, when an admin confirms the charge.',
      "1 match charge: at most $90.00, charged to the sponsors' cards after the pledges.",
      'Your funding of $100.00, charged at submission, passes $91.80 on to the charity (less its card fee and the 5% platform fee); it is not charged again.',
      "Matched by Acme Foods (2:1 up to $100.00): at most $90.00, worked out from the pledges actually charged and charged to the sponsor's card after them.",
    ];
    for (const line of lines) expect((await within(dialog).findByText(line)).textContent).toBe(line);
  });

  it('keeps the dialog open with the reason when the action fails, and says no success', async () => {
    server.use(failure('post', '/events/e1/close', 409, 'This campaign is Completed: it cannot be closed', 'CONFLICT'));
    render(<EndCampaignActions event={live} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this campaign?' });
    await within(dialog).findByText(/^Your refund: \$91\.80/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close campaign' }));
    const reason = await within(dialog).findByText('This campaign is Completed: it cannot be closed');
    expect(reason.textContent).toBe('This campaign is Completed: it cannot be closed');
    expect(screen.getByRole('dialog', { name: 'Close this campaign?' }).textContent).toContain('This campaign is Completed: it cannot be closed');
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
