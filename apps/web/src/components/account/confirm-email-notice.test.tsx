// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmEmailNotice } from './confirm-email-notice';

const mocks = vi.hoisted(() => ({
  user: { email: 'new@example.com', email_confirmed: false } as { email: string; email_confirmed: boolean } | null,
  resend: vi.fn(),
}));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: mocks.user, status: 'authenticated' }) }));
vi.mock('@/lib/email-confirmation', () => ({ useResendEmailConfirmation: () => ({ mutateAsync: mocks.resend, isPending: false }) }));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the e-mail confirmation notice', () => {
  it('tells an unconfirmed user what waits on the link and sends a new one once per click', async () => {
    mocks.user = { email: 'new@example.com', email_confirmed: false };
    let answer!: (value: unknown) => void;
    mocks.resend.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<ConfirmEmailNotice />);
    expect(screen.getByRole('heading', { name: 'Confirm your e-mail address to create a campaign' }).textContent).toBe(
      'Confirm your e-mail address to create a campaign',
    );
    expect(screen.getByText('new@example.com').textContent).toBe('new@example.com');
    const resend = screen.getByRole('button', { name: 'Resend the link' });
    fireEvent.click(resend);
    fireEvent.click(resend);
    expect(mocks.resend).toHaveBeenCalledTimes(1);
    answer({ success: true, message: 'We sent a new confirmation link to your e-mail address. It works for 48 hours.' });
    expect((await screen.findByText('We sent a new confirmation link to your e-mail address. It works for 48 hours.')).textContent).toBe(
      'We sent a new confirmation link to your e-mail address. It works for 48 hours.',
    );
  });

  it('says why a resend was refused', async () => {
    mocks.user = { email: 'new@example.com', email_confirmed: false };
    mocks.resend.mockRejectedValue(new Error('Too many confirmation e-mails asked for. Please wait a few minutes and try again.'));
    render(<ConfirmEmailNotice />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend the link' }));
    expect((await screen.findByText('Too many confirmation e-mails asked for. Please wait a few minutes and try again.')).textContent).toBe(
      'Too many confirmation e-mails asked for. Please wait a few minutes and try again.',
    );
  });

  it('names the action the server refuses: offering a match, starting a fundraising page', () => {
    mocks.user = { email: 'new@example.com', email_confirmed: false };
    render(<ConfirmEmailNotice action="offerMatch" />);
    expect(screen.getByRole('heading', { name: 'Confirm your e-mail address to offer a match' }).textContent).toBe(
      'Confirm your e-mail address to offer a match',
    );
    cleanup();
    render(<ConfirmEmailNotice action="startFundraisingPage" />);
    expect(screen.getByRole('heading', { name: 'Confirm your e-mail address to start a fundraising page' }).textContent).toBe(
      'Confirm your e-mail address to start a fundraising page',
    );
  });

  it('is not shown once the address is confirmed', () => {
    mocks.user = { email: 'new@example.com', email_confirmed: true };
    const { container } = render(<ConfirmEmailNotice />);
    expect(container.textContent).toBe('');
  });
});
