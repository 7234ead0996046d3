// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventSummaryList, type EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import { answerEach, server } from '@/test/network';
import { renderWithQueries } from '@/test/render';
import { StartingSoon } from './starting-soon';

afterEach(cleanup);

/** GET /events/allActive?phase=upcoming, as the catalogue answers it; what was asked is kept. */
function upcoming(rows: EventSummaryResponse[]) {
  const asked: string[] = [];
  server.use(
    answerEach('get', '/events/allActive', EventSummaryList, (request) => {
      asked.push(new URL(request.url).search);
      return rows;
    }),
  );
  return asked;
}

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
  it('lists upcoming campaigns in their own section with "Starts in N days"', async () => {
    const asked = upcoming([campaign({ name: 'Spring Relay' }), campaign({ name: 'Book Drive', start_date: inDays(1) })]);
    renderWithQueries(
      <MemoryRouter>
        <StartingSoon />
      </MemoryRouter>,
    );
    const section = await screen.findByRole('region', { name: 'Starting soon' });
    const relay = within(section).getByRole('heading', { name: 'Spring Relay' }).closest('article')!;
    expect(within(relay).getByText(/^Starts in/).textContent).toBe('Starts in 3 days');
    const drive = within(section).getByRole('heading', { name: 'Book Drive' }).closest('article')!;
    expect(within(drive).getByText(/^Starts in/).textContent).toBe('Starts in 1 day');
    expect(asked).toEqual(['?phase=upcoming&limit=6']);
  });

  it('shows nothing when no campaign is upcoming', async () => {
    const asked = upcoming([]);
    const { container, client } = renderWithQueries(
      <MemoryRouter>
        <StartingSoon />
      </MemoryRouter>,
    );
    // Read only once the empty answer has arrived, not while it is loading.
    await vi.waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).toBe('success'));
    expect(asked).toHaveLength(1);
    expect(container.textContent).toBe('');
  });
});
