import { AUTH_MESSAGES } from '@pledgeway/domain/schemas/auth';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { CropModal } from '@/components/ui/crop-modal';
import { UploadIcon } from '@/components/ui/icons';
import { usePickedImage } from '@/lib/use-picked-image';
import { useUploadProfileImage } from '../api/upload-profile-image';

/** Avatar with "Change photo": pick → 5 MB check → square crop → JPEG upload. */
export function AvatarEditor({ image, onChanged }: { image: string; onChanged(url: string): void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadProfileImage();
  // Checked before any upload (docs/product.md#profile-form).
  const { source, pick, clear } = usePickedImage({ notImage: 'Please select an image file', tooLarge: AUTH_MESSAGES.imageTooLarge }, setError);

  async function save(blob: Blob) {
    try {
      const result = await upload.mutateAsync(blob);
      onChanged(result.image_url);
      toast.success('Image updated successfully');
      clear();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to upload image.');
      clear();
    }
  }

  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <Avatar src={image} className="size-28 ring-4 sm:size-32" />
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="avatar-input"
        onChange={(event) => {
          pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => inputRef.current?.click()}
        aria-describedby={error ? errorId : undefined}
        disabled={upload.isPending}
      >
        <UploadIcon size={16} /> {upload.isPending ? 'Uploading…' : 'Change photo'}
      </button>
      <p className="text-xs text-ink-500">JPG, PNG or WebP, up to 5MB</p>
      {error && (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      )}
      <CropModal open={Boolean(source)} image={source} aspect={1} title="Crop profile photo" onCancel={clear} onCropped={save} />
    </div>
  );
}
