import type { AdminProfileChange, CharityProfile } from '@pledgeway/domain/schemas/charity-portal';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { mediaUrl } from '@/lib/format';
import { useDecideProfileChange, useProfileChanges } from '../api/profile-changes';
import { formatDateTime } from '../lib/format';

type Shown = Omit<CharityProfile, '_id' | 'name'>;
const LINES: { key: keyof Shown; label: string }[] = [
  { key: 'legal_name', label: 'Legal name' },
  { key: 'registration_number', label: 'Registration number' },
  { key: 'address', label: 'Address' },
  { key: 'link', label: 'Website' },
  { key: 'description', label: 'Description' },
  { key: 'logo', label: 'Logo' },
];

function Value({ field, value }: { field: keyof Shown; value: string | null }) {
  if (!value) return <span className="text-ink-600">(none)</span>;
  if (field === 'logo') return <img src={mediaUrl(value)} alt="" className="size-12 rounded-lg border border-ink-100 object-contain p-0.5" />;
  return <span className="break-words whitespace-pre-line">{value}</span>;
}

/** One held change: each field now and as proposed, the changed ones marked, and the decision. */
function ChangeCard({ change }: { change: AdminProfileChange }) {
  const decide = useDecideProfileChange();
  const [reason, setReason] = useState('');
  const send = (decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: change._id, decision, reason },
      { onSuccess: (answer) => toast.success(answer.message), onError: (error) => toast.error(error.message) },
    );
  return (
    <article className="card space-y-4 p-4 sm:p-5" aria-label={`Profile change of ${change.current.name}`}>
      <header>
        <h3 className="font-semibold text-ink-900">{change.current.name}</h3>
        <p className="text-sm text-ink-600">
          Proposed {formatDateTime(change.created_at)}
          {change.proposed_by ? ` by ${change.proposed_by}` : ''}
        </p>
      </header>
      <dl className="divide-y divide-ink-100 text-sm">
        <div className="hidden grid-cols-[10rem_1fr_1fr] gap-3 pb-2 text-xs font-semibold tracking-wide text-ink-600 uppercase sm:grid">
          <span>Field</span>
          <span>Current</span>
          <span>Proposed</span>
        </div>
        {LINES.map(({ key, label }) => {
          const changed = (change.current[key] ?? '') !== (change.proposed[key] ?? '');
          return (
            <div key={key} className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr_1fr] sm:gap-3">
              <dt className="font-medium text-ink-800">
                {label}
                {changed && <span className="ml-2 rounded bg-yellow-100 px-1.5 text-xs font-semibold text-yellow-900">changed</span>}
              </dt>
              <dd>
                <span className="text-xs text-ink-600 sm:sr-only">Current: </span>
                <Value field={key} value={change.current[key]} />
              </dd>
              <dd className={changed ? 'font-semibold' : undefined}>
                <span className="text-xs font-normal text-ink-600 sm:sr-only">Proposed: </span>
                <Value field={key} value={change.proposed[key]} />
              </dd>
            </div>
          );
        })}
      </dl>
      <Field label="Reason (told to the representative when rejecting)">
        <Input value={reason} maxLength={1000} onChange={(event) => setReason(event.target.value)} />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" disabled={decide.isPending} onClick={() => send('reject')}>
          Reject<span className="sr-only"> the change of {change.current.name}</span>
        </Button>
        <Button disabled={decide.isPending} onClick={() => send('approve')}>
          Approve<span className="sr-only"> the change of {change.current.name}</span>
        </Button>
      </div>
    </article>
  );
}

/** Representatives' profile edits held for approval (decision 176); nothing shows when none waits. */
export function ProfileChanges() {
  const changes = useProfileChanges();
  if (!changes.data?.length) return null;
  return (
    <section className="space-y-3" aria-labelledby="profile-changes-heading">
      <h2 id="profile-changes-heading" className="text-lg font-bold text-ink-900">
        Profile changes waiting for approval ({changes.data.length})
      </h2>
      <p className="text-sm text-ink-700">A representative&apos;s edit reaches /charities and receipts only once approved here.</p>
      {changes.data.map((change) => (
        <ChangeCard key={change._id} change={change} />
      ))}
    </section>
  );
}
