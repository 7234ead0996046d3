import { CLOSE_ACCOUNT_CONFIRMATION } from '@pledgeway/domain/schemas/account';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, PasswordInput } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCancelClosure, useCloseAccount } from '../api/close-account';

/**
 * Close the account with the password or the typed confirmation. `onDeleted` is told when the
 * account is gone at once; otherwise the request is noted and the status above shows it.
 */
export function CloseAccountForm({ onDeleted }: { onDeleted(message: string): void }) {
  const close = useCloseAccount();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!password && confirmation.trim().toUpperCase() !== CLOSE_ACCOUNT_CONFIRMATION) {
      setError(`Enter your password or type ${CLOSE_ACCOUNT_CONFIRMATION} to confirm`);
      return;
    }
    try {
      const result = await close.mutateAsync({ password, confirmation });
      if (result.deleted) {
        onDeleted(result.message);
      } else {
        toast.success(result.message);
        setPassword('');
        setConfirmation('');
      }
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields.password ?? failure.message) : 'The account could not be closed. Please try again.');
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4 border-t border-ink-100 pt-5">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Your password">
          <PasswordInput autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </Field>
        <Field label={`Or type ${CLOSE_ACCOUNT_CONFIRMATION}`}>
          <Input value={confirmation} onChange={(event) => setConfirmation(event.target.value)} autoComplete="off" />
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-3 xs:flex-row xs:justify-end">
        <Link to={paths.user.dashboard} className="btn btn-outline">
          Cancel
        </Link>
        <Button type="submit" variant="danger" loading={close.isPending} loadingText="Closing…">
          Close my account
        </Button>
      </div>
    </form>
  );
}

/** Shown while a closure is pending: the user can still withdraw it. */
export function KeepAccountPrompt() {
  const cancel = useCancelClosure();

  async function keepAccount() {
    try {
      const result = await cancel.mutateAsync();
      toast.success(result.message);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'Please try again.');
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-xl bg-brand-50 p-4 sm:flex-row sm:items-center">
      <p className="flex-1 text-sm text-ink-800">You asked to close this account. You can still change your mind.</p>
      <Button variant="outline" size="sm" onClick={() => void keepAccount()} loading={cancel.isPending}>
        Keep my account
      </Button>
    </div>
  );
}
