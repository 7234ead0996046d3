// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventDetailResponse } from '@pledgeway/domain/schemas/event-response';
import { CreateFundraisingPageResponse } from '@pledgeway/domain/schemas/fundraising-pages';
import { answer, answerEach, server } from '@/test/network';
import { renderSignedIn } from '@/test/render';
import { supporter } from '@/test/users';
import StartFundraisingPage from './start-fundraising-page';

// sonner is a third-party toast library.
vi.mock('sonner', () => ({ toast: { success: vi.fn() } }));

/** A live campaign as GET /events/{id} answers it. */
const campaign = (id: string, name: string) => ({
  _id: id,
  name,
  description: 'Warm coats for the shelter.',
  categories: ['Charity'],
  kind: 'event' as const,
  funding_model: 'all_donations' as const,
  status: 'approved' as const,
  target_amount: 1000,
  payment_amount: 0,
  supporters: 0,
  banner_image: '',
  banner_image_url: '',
  location_type: 'virtual' as const,
  event_location: '',
  online_event_link: '',
  event_date: null,
  event_time: '',
  start_date: null,
  deadline: null,
  created_at: '2026-11-01T10:00:00.000Z',
  host: { full_name: 'Hana Host', about: '', occupation: '', company_name: '', about_you: '', profile_image: '' },
  banner: '',
  donation_limit: null,
  runoff_win_by: null,
  duration_days: null,
  rejection_reason: null,
  charity: { _id: 'c1', name: 'Food Bank', logo: '', link: null },
  documents: [],
  participants: [],
  pledges: { total: 0, count: 0 },
});

const started: unknown[] = [];
beforeEach(() => {
  started.length = 0;
  server.use(
    answer('get', '/events/e1', EventDetailResponse, campaign('e1', 'Coats for Winter')),
    answer('get', '/events/e2', EventDetailResponse, campaign('e2', 'Books for Kids')),
    answerEach('post', '/events/:id/fundraising-pages', CreateFundraisingPageResponse, async (request) => {
      const body = (await request.json()) as { title: string; story: string; target_amount: number };
      started.push(body);
      const page = {
        _id: 'fp1',
        event_id: 'e1',
        slug: 'ada-coats',
        title: body.title,
        image: '',
        owner: { name: 'Ada Lovelace', image: '' },
        target_amount: body.target_amount,
        raised: 0,
        supporters: 0,
        created_at: '2026-11-28T10:00:00.000Z',
        closed_at: null,
        story: body.story,
        event: { _id: 'e1', name: 'Coats for Winter', status: 'approved', banner_image_url: '' },
      };
      return { success: true as const, message: 'Your fundraising page is live', data: page };
    }),
  );
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

async function renderForm(eventId = 'e1') {
  const view = renderSignedIn(
    <MemoryRouter initialEntries={[`/user/fundraising-pages/new/${eventId}`]}>
      <Routes>
        <Route path="/user/fundraising-pages/new/:eventId" element={<StartFundraisingPage />} />
        <Route path="*" element={<p>Left the form</p>} />
      </Routes>
    </MemoryRouter>,
    supporter({ name: 'Ada Lovelace', email_confirmed: true }),
  );
  await screen.findByLabelText('Page title', { exact: false });
  return view;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('Start a fundraising page', () => {
  it('keeps the typed text through a reload, per campaign, and forgets it once the page is started', async () => {
    const first = await renderForm();
    type('Page title', 'Running the river for coats');
    type('Your story', 'Every mile buys a coat.');
    type('Your target ($)', '250');
    first.unmount(); // the reload

    await renderForm();
    expect((screen.getByLabelText('Page title', { exact: false }) as HTMLInputElement).value).toBe('Running the river for coats');
    expect((screen.getByLabelText('Your story', { exact: false }) as HTMLTextAreaElement).value).toBe('Every mile buys a coat.');
    expect((screen.getByLabelText('Your target ($)', { exact: false }) as HTMLInputElement).value).toBe('250');
    cleanup();

    await renderForm('e2');
    expect((screen.getByLabelText('Page title', { exact: false }) as HTMLInputElement).value).toBe('');
    cleanup();

    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Start my page' }));
    await waitFor(() => expect(screen.getByText('Left the form').textContent).toBe('Left the form'));
    expect(started).toEqual([expect.objectContaining({ title: 'Running the river for coats', story: 'Every mile buys a coat.', target_amount: 250 })]);
    cleanup();
    await renderForm();
    expect((screen.getByLabelText('Page title', { exact: false }) as HTMLInputElement).value).toBe('');
  });
});
