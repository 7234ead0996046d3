import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { MyStack } from '@pledgeway/domain/schemas/stacks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useMyEvents } from '@/lib/my-events';
import { useDeleteStack } from '../api/delete-stack';
import { useMyStacks } from '../api/get-my-stacks';
import { StackFormDialog } from '../components/stack-form-dialog';
import { StackListItem } from '../components/stack-list-item';

/** Campaigns a stack may hold: the host's published ones. */
const PUBLISHED = ['approved', 'freeze', 'completed'];

/** /user/stacks: Event Stacking, the host's stacks of campaigns; create, edit and delete them. */
export default function MyStacksPage() {
  useEffect(() => {
    document.title = 'My Stacks — Pledgeway';
  }, []);
  const { user } = useAuth();
  const navigate = useNavigate();
  const stacks = useMyStacks();
  const events = useMyEvents(user?._id);
  const remove = useDeleteStack();
  const [editing, setEditing] = useState<MyStack | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MyStack | null>(null);
  const published = (events.data ?? []).filter((event) => PUBLISHED.includes(event.status));
  const canStack = published.length >= 2;

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold sm:text-3xl">My Stacks</h1>
          <p className="mt-1 max-w-2xl text-ink-600">
            Put two to five of your published campaigns on one shareable page with a combined total. Each pledge still goes to its own campaign and charity.
          </p>
        </div>
        <Button onClick={() => setEditing('new')} disabled={!canStack}>
          New stack
        </Button>
      </header>
      {events.isSuccess && !canStack && <Alert tone="info">You need at least two published campaigns (live, frozen or completed) to make a stack.</Alert>}
      {stacks.isPending && <Spinner label="Loading stacks" />}
      {stacks.isError && <Alert tone="error">Your stacks could not be loaded. Please try again later.</Alert>}
      {stacks.isSuccess &&
        (stacks.data.data.stacks.length === 0 ? (
          <p className="card p-8 text-center text-ink-600">No stacks yet.</p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {stacks.data.data.stacks.map((stack) => (
              <StackListItem key={stack._id} stack={stack} onEdit={() => setEditing(stack)} onDelete={() => setDeleting(stack)} />
            ))}
          </ul>
        ))}
      {editing && (
        <StackFormDialog
          stack={editing === 'new' ? null : editing}
          campaigns={published}
          onClose={() => setEditing(null)}
          onSaved={(message, id) => {
            toast.success(message);
            setEditing(null);
            if (editing === 'new') navigate(paths.stack(id));
          }}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete stack"
        description={deleting ? `Delete "${deleting.title}"? Its page goes away; the campaigns and their pledges are not touched.` : undefined}
        confirmLabel="Delete"
        tone="danger"
        loading={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            toast.success((await remove.mutateAsync(deleting._id)).message);
          } catch (error) {
            toast.error(error instanceof Error ? error.message : 'The stack could not be deleted.');
          } finally {
            setDeleting(null);
          }
        }}
      />
    </div>
  );
}
