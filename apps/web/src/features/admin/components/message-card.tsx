import type { AdminContactMessage } from '@pledgeway/domain/schemas/admin';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useMarkMessageHandled } from '../api/mark-message-handled';
import { formatDateTime } from '../lib/format';

/** One contact message: who sent it, about what, and Mark handled / Reopen. */
export function MessageCard({ message }: { message: AdminContactMessage }) {
  const mark = useMarkMessageHandled();
  const toggle = () =>
    mark.mutate(
      { messageId: message._id, handled: !message.handled_at },
      { onSuccess: (result) => toast.success(result.message), onError: (error) => toast.error(error.message) },
    );
  return (
    <li className="rounded-2xl border border-ink-100 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold text-ink-900">
            {message.name || 'No name'}{' '}
            <span className="font-normal text-ink-600">
              · {message.email} · {message.phone}
            </span>
          </p>
          <p className="text-sm text-ink-600">
            {message.tab === 'organizer' ? 'Organizer' : 'Support'} · {message.event_name} · {formatDateTime(message.created_at)}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {message.handled_at && <Badge tone="green">Handled</Badge>}
          <Button size="sm" variant={message.handled_at ? 'ghost' : 'outline'} onClick={toggle}>
            {message.handled_at ? 'Reopen' : 'Mark handled'}
            <span className="sr-only"> message from {message.email}</span>
          </Button>
        </div>
      </div>
      {message.message && <p className="mt-3 whitespace-pre-line text-ink-800">{message.message}</p>}
    </li>
  );
}
