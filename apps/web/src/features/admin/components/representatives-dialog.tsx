import { useState, type FormEvent } from 'react';
import { InviteRepresentativeRequest } from '@pledgeway/domain/schemas/charity-portal';
import type { AdminCharity } from '@pledgeway/domain/schemas/admin';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { serverMessage } from '@/lib/server-message';
import { useInviteRepresentative, useRemoveRepresentative, useRepresentatives } from '@/lib/charity-portal';

/** Who represents a charity in its portal, open invitations, and the invite form (decision 135). */
export function RepresentativesDialog({ charity, onClose }: { charity: AdminCharity | null; onClose(): void }) {
  return (
    <Dialog open={Boolean(charity)} onOpenChange={(open) => !open && onClose()} title={charity ? `Representatives of ${charity.name}` : ''} size="lg">
      {charity && <Representatives charityId={charity._id} />}
    </Dialog>
  );
}

function Representatives({ charityId }: { charityId: string }) {
  const people = useRepresentatives(charityId);
  const invite = useInviteRepresentative(charityId);
  const remove = useRemoveRepresentative(charityId);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const checked = InviteRepresentativeRequest.safeParse({ email });
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    try {
      const answer = await invite.mutateAsync(checked.data.email);
      setResult({ tone: 'success', text: answer.message });
      setEmail('');
    } catch (error) {
      setResult({ tone: 'error', text: serverMessage(error, 'The invitation could not be sent. Please try again.') });
    }
  }

  async function removePerson(userId: string) {
    setResult(null);
    try {
      const answer = await remove.mutateAsync(userId);
      setResult({ tone: 'success', text: answer.message });
    } catch (error) {
      setResult({ tone: 'error', text: serverMessage(error, 'The representative could not be removed.') });
    }
  }

  return (
    <div className="space-y-5">
      <p className="text-sm text-ink-600">
        Representatives see this charity’s campaigns, money, payouts and disputes in its portal, download its supporters, and edit its profile and receipt
        details. An invitation is accepted once, by an account with the invited address, within 14 days.
      </p>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label="E-mail address to invite" error={fieldError} className="flex-1">
          <Input type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <Button type="submit" loading={invite.isPending} loadingText="Sending…">
          Send invitation
        </Button>
      </form>
      {people.isPending ? (
        <Spinner label="Loading representatives" />
      ) : people.isError ? (
        <Alert tone="error">{serverMessage(people.error, 'The representatives could not be loaded.')}</Alert>
      ) : (
        <div className="space-y-4">
          <section>
            <h3 className="font-semibold">Representatives</h3>
            {people.data.representatives.length ? (
              <ul className="mt-2 divide-y divide-ink-100">
                {people.data.representatives.map((person) => (
                  <li key={person.user_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <span className="min-w-0 break-all">
                      <strong>{person.name}</strong> · {person.email} · since {formatDate(person.since)}
                    </span>
                    <Button size="sm" variant="ghost" onClick={() => void removePerson(person.user_id)}>
                      Remove<span className="sr-only"> {person.name}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-ink-600">Nobody represents this charity yet.</p>
            )}
          </section>
          <section>
            <h3 className="font-semibold">Open invitations</h3>
            {people.data.invitations.length ? (
              <ul className="mt-2 divide-y divide-ink-100 text-sm">
                {people.data.invitations.map((invitation) => (
                  <li key={invitation._id} className="py-2 break-all">
                    {invitation.email} · expires {formatDate(invitation.expires_at)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-ink-600">None.</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
