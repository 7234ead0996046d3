// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SuccessResponse } from '@pledgeway/domain/schemas/auth';
import { useAuth } from '@/lib/auth';
import { failure, server } from '@/test/network';
import { renderSignedIn } from '@/test/render';
import { supporter } from '@/test/users';
import { ConfirmEmailNotice } from './confirm-email-notice';

afterEach(cleanup);

/** Shows when the session check has answered, so "nothing shown" is not read before it. */
function SignedInAs() {
  const { user } = useAuth();
  return user ? <p>Signed in as {user.name}</p> : null;
}

const unconfirmed = supporter({ email: 'new@example.com', email_confirmed: false });

describe('the e-mail confirmation notice', () => {
  it('tells an unconfirmed user what waits on the link and sends a new one once per click', async () => {
    let asked = 0;
    let answerResend!: () => void;
    server.use(
      http.post('/api/auth/confirm-email/resend', async () => {
        asked += 1;
        await new Promise<void>((resolve) => (answerResend = resolve));
        return HttpResponse.json(
          SuccessResponse.parse({ success: true, message: 'We sent a new confirmation link to your e-mail address. It works for 48 hours.' }),
        );
      }),
    );
    renderSignedIn(<ConfirmEmailNotice />, unconfirmed);
    const heading = await screen.findByRole('heading', { name: 'Confirm your e-mail address to create a campaign' });
    expect(heading.textContent).toBe('Confirm your e-mail address to create a campaign');
    expect(screen.getByText('new@example.com').textContent).toBe('new@example.com');
    const resend = screen.getByRole('button', { name: 'Resend the link' });
    fireEvent.click(resend);
    fireEvent.click(resend);
    await vi.waitFor(() => expect(asked).toBe(1));
    answerResend();
    const sent = await screen.findByText('We sent a new confirmation link to your e-mail address. It works for 48 hours.');
    expect(sent.textContent).toBe('We sent a new confirmation link to your e-mail address. It works for 48 hours.');
    expect(asked).toBe(1);
  });

  it('says why a resend was refused', async () => {
    server.use(
      failure('post', '/auth/confirm-email/resend', 429, 'Too many confirmation e-mails asked for. Please wait a few minutes and try again.', 'RATE_LIMITED'),
    );
    renderSignedIn(<ConfirmEmailNotice />, unconfirmed);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend the link' }));
    const refusal = await screen.findByText('Too many confirmation e-mails asked for. Please wait a few minutes and try again.');
    expect(refusal.textContent).toBe('Too many confirmation e-mails asked for. Please wait a few minutes and try again.');
  });

  it('names the action the server refuses: offering a match, starting a fundraising page', async () => {
    renderSignedIn(<ConfirmEmailNotice action="offerMatch" />, unconfirmed);
    expect((await screen.findByRole('heading', { name: 'Confirm your e-mail address to offer a match' })).tagName).toMatch(/^H\d$/);
    cleanup();
    renderSignedIn(<ConfirmEmailNotice action="startFundraisingPage" />, unconfirmed);
    expect((await screen.findByRole('heading', { name: 'Confirm your e-mail address to start a fundraising page' })).tagName).toMatch(/^H\d$/);
  });

  it('is not shown once the address is confirmed', async () => {
    const { container } = renderSignedIn(
      <>
        <ConfirmEmailNotice />
        <SignedInAs />
      </>,
      supporter({ email: 'new@example.com', email_confirmed: true }),
    );
    expect((await screen.findByText('Signed in as Ada Lovelace')).textContent).toBe('Signed in as Ada Lovelace');
    expect(container.textContent).toBe('Signed in as Ada Lovelace');
  });
});
