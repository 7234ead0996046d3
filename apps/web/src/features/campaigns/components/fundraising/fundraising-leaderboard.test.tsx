// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { FundraisingLeaderboardResponse } from '@pledgeway/domain/schemas/fundraising-pages';
import { AuthProvider } from '@/lib/auth';
import { answer, server } from '@/test/network';
import { renderWithQueries } from '@/test/render';
import FundraisingLeaderboard from './fundraising-leaderboard';

afterEach(cleanup);

describe('the campaign page’s fundraisers', () => {
  it('with no page to show, claims nothing about whether anyone started one (a hidden page is not listed)', async () => {
    // The public leaderboard never lists a hidden page: a campaign whose only page is hidden reads as empty.
    server.use(answer('get', '/events/e1/fundraising-pages', FundraisingLeaderboardResponse, { success: true, data: { pages: [] } }));
    renderWithQueries(
      <AuthProvider>
        <MemoryRouter>
          <FundraisingLeaderboard event={{ _id: 'e1', status: 'approved', user: { _id: 'host' } } as unknown as EventDetailResponse} />
        </MemoryRouter>
      </AuthProvider>,
    );
    expect((await screen.findByText('No fundraising page is shown here yet.')).textContent).toBe('No fundraising page is shown here yet.');
    expect(screen.queryByText(/No one has started/)).toBeNull();
    expect(screen.queryByText(/Be the first/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Start a fundraising page' }).getAttribute('href')).toMatch(/fundraising/);
  });
});
