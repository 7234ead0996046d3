import { mediaUrl } from '@/lib/format';
import { DEFAULT_AVATAR } from '@/config/media';
import { cn } from '@/lib/cn';

export { DEFAULT_AVATAR };

/** A round profile picture; falls back to the default avatar when there is none or it fails to load. */
export function Avatar({ src, className = 'size-10' }: { src: string | null | undefined; className?: string }) {
  return (
    <img
      src={mediaUrl(src, DEFAULT_AVATAR)}
      alt=""
      // Never the first screen's largest image: fetched once near the viewport, after what is.
      loading="lazy"
      className={cn('shrink-0 rounded-full bg-ink-100 object-cover ring-2 ring-white', className)}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}
