// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StartFundraisingPage from './start-fundraising-page';

const mocks = vi.hoisted(() => ({ start: vi.fn() }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { _id: 'u1', name: 'Ada Lovelace', email_confirmed: true } }) }));
vi.mock('@/lib/hydration', async (actual) => ({ ...(await actual<object>()), useOrigin: () => 'https://pledgeway.test', useHydrated: () => true }));
vi.mock('sonner', () => ({ toast: { success: vi.fn() } }));
vi.mock('../api/get-event', () => ({
  useEvent: () => ({ isPending: false, isError: false, data: { _id: 'e1', name: 'Coats for Winter', status: 'approved' } }),
}));
vi.mock('../api/start-fundraising-page', () => ({ useStartFundraisingPage: () => ({ mutateAsync: mocks.start }) }));
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function renderForm(eventId = 'e1') {
  return render(
    <MemoryRouter initialEntries={[`/user/fundraising-pages/new/${eventId}`]}>
      <Routes>
        <Route path="/user/fundraising-pages/new/:eventId" element={<StartFundraisingPage />} />
        <Route path="*" element={<p>Left the form</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('Start a fundraising page', () => {
  it('keeps the typed text through a reload, per campaign, and forgets it once the page is started', async () => {
    const first = renderForm();
    type('Page title', 'Running the river for coats');
    type('Your story', 'Every mile buys a coat.');
    type('Your target ($)', '250');
    first.unmount(); // the reload

    renderForm();
    expect((screen.getByLabelText('Page title', { exact: false }) as HTMLInputElement).value).toBe('Running the river for coats');
    expect((screen.getByLabelText('Your story', { exact: false }) as HTMLTextAreaElement).value).toBe('Every mile buys a coat.');
    expect((screen.getByLabelText('Your target ($)', { exact: false }) as HTMLInputElement).value).toBe('250');
    cleanup();

    renderForm('e2');
    expect((screen.getByLabelText('Page title', { exact: false }) as HTMLInputElement).value).toBe('');
    cleanup();

    renderForm();
    mocks.start.mockResolvedValue({ message: 'Your fundraising page is live', data: { slug: 'ada-coats' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start my page' }));
    await waitFor(() => expect(screen.getByText('Left the form').textContent).toBe('Left the form'));
    expect(mocks.start).toHaveBeenCalledTimes(1);
    cleanup();
    renderForm();
    expect((screen.getByLabelText('Page title', { exact: false }) as HTMLInputElement).value).toBe('');
  });
});
