import { IMAGE_LIMIT_BYTES } from '@pledgeway/domain/upload-limits';
import { useEffect, useState } from 'react';

interface PickMessages {
  /** Shown when the file is not an image. */
  notImage: string;
  /** Shown when it is over the 5 MB every image upload allows (checked before any upload). */
  tooLarge: string;
}

/**
 * An image picked for cropping: checked for type and size first, then held as an object URL for
 * the crop modal, which is revoked once it is replaced or dropped. `onError` hears every check,
 * `null` when the file passed.
 */
export function usePickedImage(messages: PickMessages, onError: (message: string | null) => void) {
  const [source, setSource] = useState<string | null>(null);

  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  function pick(file: File | undefined) {
    onError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) return onError(messages.notImage);
    if (file.size > IMAGE_LIMIT_BYTES) return onError(messages.tooLarge);
    setSource(URL.createObjectURL(file));
  }

  return { source, pick, clear: () => setSource(null) };
}
