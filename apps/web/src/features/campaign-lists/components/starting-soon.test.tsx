// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import { StartingSoon } from './starting-soon';

const upcoming = vi.hoisted(() => ({ data: [] as EventSummaryResponse[] }));
vi.mock('../api/get-upcoming-campaigns', () => ({ useUpcomingCampaigns: () => upcoming }));
afterEach(cleanup);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function campaign(values: Partial<EventSummaryResponse>): EventSummaryResponse {
  return {
    _id: crypto.randomUUID(),
    name: 'Spring Relay',
    description: 'A relay for the shelter.',
    categories: ['Sports'],
    kind: 'money_bomb',
    funding_model: 'all_donations',
    status: 'approved',
    target_amount: 1000,
    payment_amount: 0,
    supporters: 0,
    banner_image: '',
    banner_image_url: '',
    location_type: 'virtual',
    event_location: '',
    online_event_link: '',
    event_date: inDays(20),
    event_time: '18:00',
    start_date: inDays(3),
    deadline: null,
    created_at: new Date().toISOString(),
    host: { full_name: 'Hana Host', about: '', occupation: '', company_name: '', about_you: '', profile_image: '' },
    ...values,
  } as EventSummaryResponse;
}

describe('StartingSoon', () => {
  it('lists upcoming campaigns in their own section with "Starts in N days"', () => {
    upcoming.data = [campaign({ name: 'Spring Relay' }), campaign({ name: 'Book Drive', start_date: inDays(1) })];
    render(
      <MemoryRouter>
        <StartingSoon />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Starting soon' });
    const relay = within(section).getByRole('heading', { name: 'Spring Relay' }).closest('article')!;
    expect(within(relay).getByText('Starts in 3 days').textContent).toBe('Starts in 3 days');
    expect(within(section).getByText('Starts in 1 day').textContent).toBe('Starts in 1 day');
  });

  it('shows nothing when no campaign is upcoming', () => {
    upcoming.data = [];
    const { container } = render(
      <MemoryRouter>
        <StartingSoon />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
  });
});
