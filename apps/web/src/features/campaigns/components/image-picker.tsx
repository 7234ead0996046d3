import { lazy, Suspense, useId, useRef, useState } from 'react';
import { EVENT_MESSAGES, IMAGE_LIMIT_BYTES } from '@pledgeway/domain/schemas/event-fields';
import { UploadIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { usePickedImage } from '@/lib/use-picked-image';
import { blobToDataUrl, downscaleJpeg } from '../lib/images';

const CropModal = lazy(() => import('@/components/ui/crop-modal'));

interface ImagePickerProps {
  label: string;
  /** Current image (data URL or URL); empty when none. */
  value: string;
  /** Called with the cropped JPEG as a data URL and as a Blob. */
  onChange(dataUrl: string, blob: Blob): void | Promise<void>;
  onBlur?(): void;
  aspect?: number;
  error?: string;
  required?: boolean;
  /** Round preview for people, wide for banners. */
  shape?: 'banner' | 'avatar';
  maxWidth?: number;
  buttonLabel?: string;
}

/** Pick an image, check it (image type, 5 MB), crop it in the crop modal, hand back a JPEG. */
export function ImagePicker({ label, value, onChange, onBlur, aspect = 1, error, required, shape = 'avatar', maxWidth = 1200, buttonLabel }: ImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  const message = localError ?? error;
  const { source, pick, clear } = usePickedImage({ notImage: EVENT_MESSAGES.selectImage, tooLarge: EVENT_MESSAGES.imageTooLarge }, setLocalError);

  async function cropped(blob: Blob) {
    try {
      const small = await downscaleJpeg(blob, maxWidth);
      if (small.size > IMAGE_LIMIT_BYTES) throw new Error(EVENT_MESSAGES.imageTooLarge);
      await onChange(await blobToDataUrl(small), small);
      clear();
    } catch (err) {
      setLocalError(err instanceof Error && err.message === EVENT_MESSAGES.imageTooLarge ? err.message : EVENT_MESSAGES.imageUploadFailed);
      clear();
    }
    onBlur?.();
  }

  return (
    <div>
      <span className="label" id={`${id}-label`}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-danger-600">
            *
          </span>
        )}
      </span>
      <div className={cn('flex items-center gap-4', shape === 'banner' && 'flex-col items-stretch')}>
        {value ? (
          <img
            src={value}
            alt={`${label} preview`}
            className={cn('border border-ink-100 object-cover', shape === 'banner' ? 'aspect-[4/3] w-full max-w-md rounded-xl' : 'size-20 rounded-full')}
          />
        ) : (
          <div
            aria-hidden="true"
            className={cn(
              'grid place-items-center border-2 border-dashed border-ink-200 bg-ink-50 text-ink-400',
              shape === 'banner' ? 'aspect-[4/3] w-full max-w-md rounded-xl' : 'size-20 rounded-full',
            )}
          >
            <UploadIcon className="size-6" />
          </div>
        )}
        <div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => inputRef.current?.click()}
            aria-describedby={message ? `${id}-error` : undefined}
          >
            {buttonLabel ?? (value ? 'Change image' : 'Upload image')}
          </button>
          <p className="mt-1 text-xs text-ink-500">JPG, PNG or WebP, up to 5MB. You can crop it next.</p>
        </div>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-labelledby={`${id}-label`}
        aria-invalid={message ? true : undefined}
        onChange={(event) => {
          pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {message && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {message}
        </p>
      )}
      {source && (
        <Suspense fallback={null}>
          <CropModal open image={source} aspect={aspect} title={`Crop ${label.toLowerCase()}`} onCancel={clear} onCropped={cropped} />
        </Suspense>
      )}
    </div>
  );
}
