import type { RefObject } from 'react';
import { SearchResults } from '@/features/search/components/search-results';
import { SearchOverlay } from './search-overlay';

/** The overlay with its results; loaded on first use, so the dialog code is not on every page. */
export default function SiteSearch(props: { open: boolean; onOpenChange(open: boolean): void; returnFocusRef: RefObject<HTMLElement | null> }) {
  return <SearchOverlay {...props}>{(query, close) => <SearchResults query={query} onNavigate={close} />}</SearchOverlay>;
}
