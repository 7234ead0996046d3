import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { COMMENT_MAX_CHARS, CreateCommentRequest } from '@pledgeway/domain/schemas/updates';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { usePostComment } from '../../api/post-comment';

/** A supporter's short comment under an update (at most 500 characters). */
export default function CommentForm({ eventId, updateId, onCancel }: { eventId: string; updateId: string; onCancel(): void }) {
  const post = usePostComment(eventId, updateId);
  const form = useForm<{ body: string }>({ resolver: zodResolver(CreateCommentRequest), defaultValues: { body: '' } });
  const length = useWatch({ control: form.control, name: 'body' }).length;

  const submit = form.handleSubmit(async (values) => {
    try {
      await post.mutateAsync(values);
      form.reset({ body: '' });
    } catch (error) {
      form.setError('body', { message: error instanceof ApiError ? (error.fields.body ?? error.message) : 'Your comment could not be posted' });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-2" aria-label="Comment on this update">
      <Field label="Your comment" error={form.formState.errors.body?.message} hint={`${length}/${COMMENT_MAX_CHARS} characters`}>
        <Textarea rows={2} autoFocus maxLength={COMMENT_MAX_CHARS + 50} className="min-h-16" {...form.register('body')} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="dark" loading={post.isPending} loadingText="Posting…">
          Post comment
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
