/** Reads a Blob as a data URL (draft images live in the wizard as data URLs). */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Failed to read file'));
    reader.readAsDataURL(blob);
  });
}

/** Shrinks a cropped JPEG so drafts stay small enough for local storage and the 12 MB request limit. */
export async function downscaleJpeg(blob: Blob, maxWidth: number): Promise<Blob> {
  const bitmap = await createImageBitmap(blob);
  if (bitmap.width <= maxWidth) {
    bitmap.close();
    return blob;
  }
  const scale = maxWidth / bitmap.width;
  const canvas = document.createElement('canvas');
  canvas.width = maxWidth;
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve) => canvas.toBlob((out) => resolve(out ?? blob), 'image/jpeg', 0.88));
}

/**
 * A data URL back to a Blob, decoded in place: the page's content-security policy
 * (`connect-src 'self'`) forbids fetching a data: URL, so the bytes are never fetched.
 */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('The file could not be read. Please pick it again.');
  const [, type = '', params = '', payload = ''] = match;
  if (!params.includes(';base64')) return new Blob([decodeURIComponent(payload)], { type });
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: type || 'application/octet-stream' });
}
