import { FacebookIcon, MailIcon, XBrandIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

function LinkIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      <path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1" />
      <path d="M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" />
    </svg>
  );
}

/** Four share buttons that really share: copy link, e-mail, Facebook and X. */
export function ShareButtons({ url, title, className }: { url: string; title: string; className?: string }) {
  const encodedUrl = encodeURIComponent(url);
  const text = encodeURIComponent(`Support "${title}" on Pledgeway`);
  const item =
    'grid size-11 place-items-center rounded-full border border-ink-200 bg-white text-ink-800 transition-colors hover:border-ink-900 hover:bg-ink-900 hover:text-white';
  async function copy() {
    // sonner is loaded on demand so the public event page's first load stays small.
    const { toast } = await import('sonner');
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy the link. Please copy it from the address bar.');
    }
  }
  return (
    <ul className={cn('flex flex-wrap items-center gap-2', className)} aria-label="Share this campaign">
      <li>
        <button type="button" className={item} onClick={() => void copy()} aria-label="Copy link">
          <LinkIcon className="size-5" />
        </button>
      </li>
      <li>
        <a className={item} href={`mailto:?subject=${text}&body=${encodedUrl}`} aria-label="Share by e-mail">
          <MailIcon className="size-5" />
        </a>
      </li>
      <li>
        <a
          className={item}
          href={`https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Share on Facebook (opens in a new tab)"
        >
          <FacebookIcon className="size-5" />
        </a>
      </li>
      <li>
        <a
          className={item}
          href={`https://twitter.com/intent/tweet?url=${encodedUrl}&text=${text}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Share on X (opens in a new tab)"
        >
          <XBrandIcon className="size-5" />
        </a>
      </li>
    </ul>
  );
}
