import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PostUpdateFields, UPDATE_MESSAGE_MAX_CHARS, UPDATE_MESSAGES } from '@pledgeway/domain/schemas/updates';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { usePostUpdate } from '../../api/post-update';
import { formatBytes } from '@/lib/format';
import { ATTACHMENT_ACCEPT as ACCEPT, attachmentProblem } from '../../lib/update-attachment';

interface PostUpdateFormProps {
  eventId: string;
  /** Updates can be posted once the campaign is published (approved, frozen or completed). */
  published: boolean;
}

/** The update's message and its one optional file, and the post. */
function usePostUpdateForm(eventId: string) {
  const post = usePostUpdate(eventId);
  // A new key gives a fresh, empty file input (clearing it without touching the DOM node).
  const [inputKey, setInputKey] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useForm<{ message: string }>({ resolver: zodResolver(PostUpdateFields), defaultValues: { message: '' } });

  function pick(files: FileList | null) {
    const picked = files?.[0] ?? null;
    const problem = picked ? attachmentProblem(picked) : undefined;
    setFileError(problem);
    setFile(problem ? null : picked);
    if (problem) setInputKey((key) => key + 1);
  }

  function clearFile() {
    setFile(null);
    setFileError(undefined);
    setInputKey((key) => key + 1);
  }

  const submit = form.handleSubmit(async (values) => {
    const body = new FormData();
    body.set('message', values.message);
    if (file) body.set('attachment', file, file.name);
    try {
      await post.mutateAsync(body);
      form.reset({ message: '' });
      clearFile();
    } catch (error) {
      if (error instanceof ApiError && error.fields.message) form.setError('message', { message: error.fields.message });
      if (error instanceof ApiError && error.fields.attachment) setFileError(error.fields.attachment);
    }
  });

  return { post, form, submit, attachment: { inputKey, file, error: fileError, onPick: pick, onClear: clearFile } };
}

/** "Post an update" on the creator's event summary: a message and one optional image or document. */
export function PostUpdateForm({ eventId, published }: PostUpdateFormProps) {
  const { post, form, submit, attachment } = usePostUpdateForm(eventId);
  const length = useWatch({ control: form.control, name: 'message' }).length;

  return (
    <section className="card p-6" aria-labelledby="post-update-heading">
      <h2 id="post-update-heading" className="text-lg font-semibold">
        Post an update
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Updates show on the public page, newest first, and are e-mailed to supporters who asked for updates when they pledged.
      </p>
      {!published ? (
        <Alert tone="info" className="mt-4">
          {UPDATE_MESSAGES.notPublished}.
        </Alert>
      ) : (
        <form noValidate onSubmit={submit} className="mt-4 grid gap-4" aria-labelledby="post-update-heading">
          <div aria-live="polite">
            {post.isSuccess && (
              <Alert tone="success" onDismiss={() => post.reset()}>
                {post.data.message}
              </Alert>
            )}
            {post.isError && !(post.error instanceof ApiError && (post.error.fields.message || post.error.fields.attachment)) && (
              <Alert tone="error" title="Update not posted">
                {post.error.message}
              </Alert>
            )}
          </div>
          <Field label="Message" required error={form.formState.errors.message?.message} hint={`${length}/${UPDATE_MESSAGE_MAX_CHARS} characters`}>
            <Textarea rows={5} {...form.register('message')} />
          </Field>
          <AttachmentInput {...attachment} />
          <div>
            <Button type="submit" loading={post.isPending} loadingText="Posting…">
              Post update
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

interface AttachmentInputProps {
  inputKey: number;
  file: File | null;
  error: string | undefined;
  onPick(files: FileList | null): void;
  onClear(): void;
}

function AttachmentInput({ inputKey, file, error, onPick, onClear }: AttachmentInputProps) {
  const fileId = useId();
  return (
    <div>
      <label htmlFor={fileId} className="label">
        Image or document (optional)
      </label>
      <input
        key={inputKey}
        id={fileId}
        type="file"
        accept={ACCEPT}
        aria-describedby={`${fileId}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onPick(event.target.files)}
        className="block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-ink-900 file:px-4 file:py-2 file:font-semibold file:text-white"
      />
      {error ? (
        <p className="field-error">{error}</p>
      ) : (
        <p id={`${fileId}-hint`} className="field-hint">
          An image (JPEG, PNG, WebP, GIF; at most 5MB) or a .doc, .docx or .pdf document (at most 10MB).
        </p>
      )}
      {file && (
        <p className="mt-2 flex items-center gap-3 text-sm">
          <span className="min-w-0 truncate font-medium">{file.name}</span>
          <span className="text-ink-500">{formatBytes(file.size)}</span>
          <button type="button" className="font-semibold underline" onClick={onClear}>
            Remove
          </button>
        </p>
      )}
    </div>
  );
}
