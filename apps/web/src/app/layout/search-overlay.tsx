import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';

interface SearchOverlayProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Results under the input, given the current text and a function that closes the overlay. */
  children?: (query: string, close: () => void) => ReactNode;
  /** The button that opened it, focused again on close. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * The header's full-screen search overlay with a text input. It is a dialog, so focus stays
 * inside and Escape closes it; the text is kept between openings.
 */
export function SearchOverlay({ open, onOpenChange, children, returnFocusRef }: SearchOverlayProps) {
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const close = () => onOpenChange(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusRef?.current?.focus();
          }}
          className="fixed inset-0 z-[60] overflow-y-auto bg-ink-900/97 text-white backdrop-blur-sm focus:outline-none data-[state=open]:animate-fade-in motion-reduce:animate-none"
        >
          <div className="container-page flex h-header items-center justify-end xl:h-header-xl">
            <RadixDialog.Close aria-label="Close search" className="flex size-12 items-center justify-center rounded-full text-white hover:bg-white/10">
              <CloseIcon size={26} />
            </RadixDialog.Close>
          </div>
          <div className="container-page max-w-4xl pt-[8vh] pb-16">
            <RadixDialog.Title className="font-display text-sm font-semibold tracking-[0.2em] text-brand-400 uppercase">Search Pledgeway</RadixDialog.Title>
            <form role="search" onSubmit={(event) => event.preventDefault()} className="mt-4">
              <label htmlFor="site-search" className="sr-only">
                Search campaigns and charities
              </label>
              <div className="flex items-center gap-4 border-b-2 border-white/30 pb-3 focus-within:border-brand-500">
                <SearchIcon size={30} className="shrink-0 text-white/70" />
                <input
                  ref={inputRef}
                  id="site-search"
                  type="search"
                  autoComplete="off"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  placeholder="Campaigns, charities…"
                  className="w-full bg-transparent font-display text-xl text-white placeholder:text-white/60 focus:outline-none xs:text-2xl md:text-4xl"
                />
              </div>
            </form>
            <div className="mt-8">{children?.(query, close)}</div>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
