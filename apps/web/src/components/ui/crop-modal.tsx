import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';

/**
 * Image crop modal (SPEC: zoom 1–3 step 0.1, square by default, Crop button, JPEG result;
 * crop area 250 px under 480 px wide, 280 px under 768 px, otherwise 600 px).
 * No domain knowledge: it takes an image URL and hands back a JPEG Blob.
 */
export interface CropModalProps {
  open: boolean;
  /** Object URL or data URL of the picked image. */
  image: string | null;
  /** Width / height; 1 (square) by default, e.g. 4 / 3 for banners. */
  aspect?: number;
  title?: string;
  onCancel: () => void;
  onCropped: (blob: Blob) => void | Promise<void>;
}

export const CROP_ZOOM_MIN = 1;
export const CROP_ZOOM_MAX = 3;
export const CROP_ZOOM_STEP = 0.1;

/** Crop area width for a viewport width, as SPEC sets it. */
export function cropAreaWidth(viewportWidth: number): number {
  if (viewportWidth < 480) return 250;
  if (viewportWidth < 768) return 280;
  return 600;
}

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1024 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The image could not be read.'));
    img.src = src;
  });
}

/** Draws the chosen area of the image, at the source's own resolution, onto a canvas and encodes it as JPEG. */
export async function cropToJpeg(src: string, area: Area, quality = 0.92): Promise<Blob> {
  const img = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(area.width));
  canvas.height = Math.max(1, Math.floor(area.height));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The image could not be cropped.');
  // JPEG has no alpha: paint white first so transparent PNGs do not turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be cropped.'))), 'image/jpeg', quality);
  });
}

export function CropModal({ open, image, aspect = 1, title = 'Crop image', onCancel, onCropped }: CropModalProps) {
  const viewportWidth = useViewportWidth();
  const width = cropAreaWidth(viewportWidth);
  const height = Math.round(width / aspect);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(CROP_ZOOM_MIN);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const zoomId = useId();

  // A new image starts from a clean state.
  useEffect(() => {
    setCrop({ x: 0, y: 0 });
    setZoom(CROP_ZOOM_MIN);
    setArea(null);
    setError(null);
  }, [image]);

  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  async function handleCrop() {
    if (!image || !area) return;
    setBusy(true);
    setError(null);
    try {
      const blob = await cropToJpeg(image, area);
      await onCropped(blob);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The image could not be cropped.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/60" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] max-w-fit -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-4 shadow-xl focus:outline-none xs:p-6"
          aria-describedby={undefined}
        >
          <Dialog.Title className="mb-4 text-lg font-semibold">{title}</Dialog.Title>
          <div className="relative mx-auto overflow-hidden rounded-xl bg-ink-900" style={{ width: width + 32, height: height + 32, maxWidth: '100%' }}>
            {image && (
              <Cropper
                image={image}
                crop={crop}
                zoom={zoom}
                aspect={aspect}
                cropSize={{ width, height }}
                // The picture always covers the frame: what is framed is exactly what is saved (with
                // "contain", a frame taller or wider than the picture showed bands that were never saved).
                objectFit="cover"
                // The page's base styles cap images at max-width 100%, which squeezed a covering
                // picture back to the frame's width: the picture then showed more than was saved.
                style={{ mediaStyle: { maxWidth: 'none' } }}
                minZoom={CROP_ZOOM_MIN}
                maxZoom={CROP_ZOOM_MAX}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={onCropComplete}
              />
            )}
          </div>
          <div className="mt-4 flex items-center gap-3">
            <label htmlFor={zoomId} className="text-sm font-semibold text-ink-700">
              Zoom
            </label>
            <input
              id={zoomId}
              type="range"
              min={CROP_ZOOM_MIN}
              max={CROP_ZOOM_MAX}
              step={CROP_ZOOM_STEP}
              value={zoom}
              onChange={(e) => setZoom(Number(e.target.value))}
              className="w-full accent-brand-500"
            />
          </div>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          <div className="mt-5 flex justify-end gap-3">
            <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" onClick={handleCrop} disabled={busy || !area}>
              {busy ? 'Cropping…' : 'Crop'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default CropModal;
