// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import FundraisingLeaderboard from './fundraising-leaderboard';

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: null }) }));
// The public leaderboard never lists a hidden page: a campaign whose only page is hidden reads as empty.
vi.mock('../../api/get-fundraising-leaderboard', () => ({
  useFundraisingLeaderboard: () => ({ data: [], isPending: false, isSuccess: true, isError: false, error: null }),
}));
afterEach(cleanup);

describe('the campaign page’s fundraisers', () => {
  it('with no page to show, claims nothing about whether anyone started one (a hidden page is not listed)', () => {
    render(
      <MemoryRouter>
        <FundraisingLeaderboard event={{ _id: 'e1', status: 'approved', user: { _id: 'host' } } as unknown as EventDetailResponse} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/No one has started/)).toBeNull();
    expect(screen.queryByText(/Be the first/)).toBeNull();
    expect(screen.getByText('No fundraising page is shown here yet.').textContent).toBe('No fundraising page is shown here yet.');
    expect(screen.getByRole('link', { name: 'Start a fundraising page' }).textContent).toBe('Start a fundraising page');
  });
});
