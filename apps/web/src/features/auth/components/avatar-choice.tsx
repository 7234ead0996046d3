import { AUTH_MESSAGES } from '@pledgeway/domain/auth-messages';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { DEFAULT_AVATAR } from '@/config/media';
import { UploadIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { usePickedImage } from '@/lib/use-picked-image';

// The cropper (about 20 KB gzip) is fetched only once a picture has been picked.
const CropModal = lazy(() => import('@/components/ui/crop-modal'));

interface AvatarChoiceProps {
  useDefault: boolean;
  onUseDefaultChange(useDefault: boolean): void;
  image: Blob | null;
  onImageChange(image: Blob | null): void;
  error?: string;
  onError(message: string | undefined): void;
}

/** A preview URL for a blob, revoked when the blob changes or the component goes. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/**
 * The register form's profile picture: upload one (checked for size, then cropped square) or
 * use the default avatar. An image is required unless the default is chosen.
 */
export function AvatarChoice({ useDefault, onUseDefaultChange, image, onImageChange, error, onError }: AvatarChoiceProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  // Checked here before any upload; the server enforces the same 5 MB limit.
  const picked = usePickedImage({ notImage: 'Please upload an image file', tooLarge: AUTH_MESSAGES.imageTooLarge }, (message) => onError(message ?? undefined));
  const previewUrl = useObjectUrl(image);
  const preview = useDefault ? DEFAULT_AVATAR : (previewUrl ?? DEFAULT_AVATAR);

  // The page is server-rendered: a picture chosen before the app ran fired no change React heard,
  // so it is taken up once the app runs rather than silently dropped.
  useEffect(() => {
    const input = fileInput.current;
    const file = input?.files?.[0];
    if (!input || !file) return;
    input.value = '';
    picked.pick(file);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the app takes over the page
  }, []);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    picked.pick(file);
  }

  const option = (selected: boolean) =>
    cn(
      'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-2.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
      selected ? 'border-ink-900 bg-ink-50 text-ink-900' : 'border-ink-100 text-ink-600 hover:border-ink-200',
    );

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="label">Profile picture</legend>
      <div className="flex items-center gap-5">
        <img
          src={preview}
          alt={useDefault || !image ? 'Default avatar preview' : 'Your profile picture preview'}
          className={cn('size-20 shrink-0 rounded-full object-cover ring-4', error ? 'ring-red-100' : 'ring-brand-100')}
        />
        <div className="grid flex-1 gap-2">
          <label className={option(!useDefault)}>
            <input type="radio" name={`${id}-choice`} checked={!useDefault} onChange={() => onUseDefaultChange(false)} className="size-4 accent-ink-900" />
            Upload a photo
          </label>
          <label className={option(useDefault)}>
            <input type="radio" name={`${id}-choice`} checked={useDefault} onChange={() => onUseDefaultChange(true)} className="size-4 accent-ink-900" />
            Use the default avatar
          </label>
        </div>
      </div>
      {!useDefault && (
        <div className="mt-3">
          <input ref={fileInput} id={`${id}-file`} type="file" accept="image/*" onChange={onFile} className="sr-only" aria-invalid={error ? true : undefined} />
          <label
            htmlFor={`${id}-file`}
            className="flex cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-dashed border-ink-200 px-4 py-3 text-sm font-semibold text-ink-700 transition-colors hover:border-ink-400 hover:bg-ink-50 [input:focus-visible+&]:outline-3 [input:focus-visible+&]:outline-offset-2 [input:focus-visible+&]:outline-brand-500"
          >
            <UploadIcon size={18} />
            {image ? 'Choose a different image' : 'Choose an image'}
            <span className="font-normal text-ink-500">(max 5MB)</span>
          </label>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      {picked.source !== null && (
        <Suspense fallback={null}>
          <CropModal
            open
            image={picked.source}
            title="Crop your profile picture"
            onCancel={picked.clear}
            onCropped={(blob) => {
              onImageChange(blob);
              onError(undefined);
              picked.clear();
            }}
          />
        </Suspense>
      )}
    </fieldset>
  );
}
