import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { EventKind } from '@pledgeway/domain/schemas/event-response';
import { ExternalLinkIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { mediaUrl } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearch } from '../api/search';

export interface SearchResultsProps {
  query: string;
  onNavigate(): void;
}

const DEBOUNCE_MS = 200;

// Kept here rather than imported from the domain schemas: this component is in the main bundle
// (the header renders it), and the schema module would bring zod with it.
const KIND_LABELS: Record<EventKind, string> = {
  event: 'Event Promotion',
  money_bomb: 'Money Bomb',
  runoff: 'Runoff Competition',
  crowdfunding: 'Crowdfunding',
};

interface ResultItem {
  key: string;
  title: string;
  detail: string;
  image: string;
  /** In-app path, or an external charity link opened in a new tab. */
  href: string;
  external: boolean;
}

/**
 * Live results under the header's search input: campaigns and charities as the visitor types.
 * Arrow keys (pressed in the input) move through the results, Enter opens the highlighted one;
 * Escape is the overlay's and closes it.
 */
export function SearchResults({ query, onNavigate }: SearchResultsProps) {
  const text = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const search = useSearch(text);
  const navigate = useNavigate();
  const listId = useId();
  const [active, setActive] = useState(-1);
  const containerRef = useRef<HTMLDivElement>(null);

  const campaigns: ResultItem[] = (search.data?.campaigns ?? []).map((campaign) => ({
    key: `c-${campaign._id}`,
    title: campaign.name,
    detail: [KIND_LABELS[campaign.kind], campaign.host_name].filter(Boolean).join(' · '),
    image: mediaUrl(campaign.banner_image_url, '/images/campaign-banner-01.svg'),
    href: `/events/${campaign._id}`,
    external: false,
  }));
  const charities: ResultItem[] = (search.data?.charities ?? []).map((charity) => ({
    key: `h-${charity._id}`,
    title: charity.name,
    detail: charity.group,
    image: mediaUrl(charity.logo),
    href: charity.link ?? '/charities',
    external: Boolean(charity.link),
  }));
  const items = text ? [...campaigns, ...charities] : [];

  useEffect(() => setActive(-1), [text, search.data]);

  function open(item: ResultItem) {
    if (item.external) {
      window.open(item.href, '_blank', 'noopener,noreferrer');
      return;
    }
    onNavigate();
    navigate(item.href);
  }

  // The input belongs to the overlay; listen on it so focus can stay where the visitor types.
  useEffect(() => {
    const input = containerRef.current?.closest('[role="dialog"]')?.querySelector<HTMLInputElement>('input[type="search"]');
    if (!input) return;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-controls', listId);
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', String(items.length > 0));
    if (active >= 0 && items[active]) input.setAttribute('aria-activedescendant', `${listId}-${active}`);
    else input.removeAttribute('aria-activedescendant');
    function onKeyDown(event: KeyboardEvent) {
      if (!items.length) return;
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setActive((index) => (index + 1) % items.length);
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((index) => (index <= 0 ? items.length - 1 : index - 1));
      } else if (event.key === 'Enter' && active >= 0 && items[active]) {
        event.preventDefault();
        open(items[active]);
      }
    }
    input.addEventListener('keydown', onKeyDown);
    return () => input.removeEventListener('keydown', onKeyDown);
  });

  const loading = Boolean(text) && search.isFetching;
  const empty = Boolean(text) && search.isSuccess && !search.isPlaceholderData && items.length === 0;

  function renderGroup(title: string, group: ResultItem[], offset: number) {
    if (!group.length) return null;
    return (
      <li role="presentation">
        <p aria-hidden="true" className="mb-2 text-xs font-semibold tracking-[0.2em] text-brand-400 uppercase">
          {title}
        </p>
        <ul role="group" aria-label={title} className="space-y-1">
          {group.map((item, index) => {
            const position = offset + index;
            return (
              <li
                key={item.key}
                id={`${listId}-${position}`}
                role="option"
                aria-selected={position === active}
                onMouseEnter={() => setActive(position)}
                onClick={() => open(item)}
                className={cn(
                  'flex cursor-pointer items-center gap-4 rounded-xl px-3 py-2.5 transition-colors',
                  position === active ? 'bg-white/15 ring-2 ring-brand-500' : 'hover:bg-white/10',
                )}
              >
                <img src={item.image} alt="" className="size-12 shrink-0 rounded-lg bg-white/10 object-cover" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-white">{item.title}</span>
                  <span className="block truncate text-sm text-ink-200">{item.detail}</span>
                </span>
                {item.external && <ExternalLinkIcon size={18} className="shrink-0 text-ink-200" aria-label="Opens in a new tab" />}
              </li>
            );
          })}
        </ul>
      </li>
    );
  }

  return (
    <div ref={containerRef}>
      <p className="sr-only" aria-live="polite">
        {empty ? 'No results' : items.length ? `${items.length} results. Use the up and down arrows to choose, Enter to open.` : ''}
      </p>
      {!text && <p className="text-ink-200">Type a campaign, host, cause or charity name, for example “chili” or “veterans”.</p>}
      {loading && !items.length && <Spinner label="Searching" className="text-brand-400" />}
      {empty && <p className="text-lg text-ink-100">No campaigns or charities match “{text}”. Try a shorter word or another spelling.</p>}
      {search.isError && <p className="text-ink-100">Search is not available right now. Please try again in a moment.</p>}
      <ul id={listId} role="listbox" aria-label="Search results" className={cn('space-y-8', !items.length && 'hidden')}>
        {renderGroup('Campaigns', campaigns, 0)}
        {renderGroup('Charities', charities, campaigns.length)}
      </ul>
    </div>
  );
}
