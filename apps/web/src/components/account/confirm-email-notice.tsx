import { useRef, useState } from 'react';
import { EMAIL_CONFIRMATION_REQUIRED_TO, type ConfirmedEmailAction } from '@pledgeway/domain/schemas/email-confirmation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useResendEmailConfirmation } from '@/lib/email-confirmation';

/**
 * Shown to a signed-in user who has not opened the confirmation link yet (decision 095): what it
 * holds back (`action`: the server's own refusal of it), where the link went, and a way to have it
 * sent again. Nothing once confirmed.
 */
export function ConfirmEmailNotice({ className = '', action = 'createCampaign' }: { className?: string; action?: ConfirmedEmailAction }) {
  const { user } = useAuth();
  const resend = useResendEmailConfirmation();
  const [answer, setAnswer] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const sending = useRef(false);
  if (!user || user.email_confirmed) return null;

  async function send() {
    if (sending.current) return;
    sending.current = true;
    setAnswer(null);
    try {
      setAnswer({ tone: 'success', message: (await resend.mutateAsync()).message });
    } catch (error) {
      setAnswer({ tone: 'error', message: error instanceof Error && error.message ? error.message : 'The link could not be sent. Please try again.' });
    } finally {
      sending.current = false;
    }
  }

  return (
    <section aria-labelledby="confirm-email-heading" className={`card grid gap-3 border-amber-300 bg-amber-50 p-5 ${className}`}>
      <h2 id="confirm-email-heading" className="text-lg font-semibold text-ink-900">
        {EMAIL_CONFIRMATION_REQUIRED_TO[action]}
      </h2>
      <p className="text-ink-700">
        We sent a confirmation link to <strong className="break-all">{user.email}</strong>. Open it to confirm that receipts and password-reset links reach you.
        Until then you can browse and pledge. The link works for 48 hours.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => void send()} loading={resend.isPending} loadingText="Sending…">
          Resend the link
        </Button>
      </div>
      {answer && <Alert tone={answer.tone}>{answer.message}</Alert>}
    </section>
  );
}
