import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { serverMessage } from '@/lib/server-message';
import { useSetStatementEmails, useStatementEmails } from '@/lib/charity-portal';

/** The January e-mail of the yearly giving statement, on or off (decision 138); saved as it is changed. */
export function StatementEmailsChoice() {
  const choice = useStatementEmails();
  const save = useSetStatementEmails();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function change(enabled: boolean) {
    setResult(null);
    try {
      const answer = await save.mutateAsync(enabled);
      setResult({ tone: 'success', text: answer.message });
    } catch (error) {
      setResult({ tone: 'error', text: serverMessage(error, 'Your choice could not be saved. Please try again.') });
    }
  }

  return (
    <section aria-labelledby="statement-emails-heading" className="card space-y-3 p-5 sm:p-8">
      <h2 id="statement-emails-heading" className="text-lg font-semibold">
        Giving statement
      </h2>
      {choice.isError ? (
        <Alert tone="error">{serverMessage(choice.error, 'Your choice could not be loaded.')}</Alert>
      ) : (
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={choice.data ?? false}
            disabled={choice.isPending || save.isPending}
            onChange={(event) => void change(event.target.checked)}
          />
          <span>
            E-mail my giving statement each January
            <span className="block text-sm text-ink-600">Last year’s statement, for your tax return, with a link to download it again.</span>
          </span>
        </label>
      )}
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
    </section>
  );
}
