import { lazy, Suspense, useRef, useState } from 'react';
import { MenuIcon, SearchIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

// The overlay and the mobile menu are dialogs; their code loads when first wanted (on hover or
// focus of the button, at the latest on click), keeping every public page's first load small.
const loadSiteSearch = () => import('./site-search');
const loadMobileMenu = () => import('./mobile-menu');
const SiteSearch = lazy(loadSiteSearch);
const MobileMenu = lazy(loadMobileMenu);

const iconButton = 'flex size-11 items-center justify-center rounded-full transition-colors hover:bg-current/10';

/** Open state of a lazily loaded panel; it stays mounted after the first opening. */
function useLazyPanel() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const show = () => {
    setMounted(true);
    setOpen(true);
  };
  return { open, setOpen, mounted, buttonRef, show };
}

export function SearchButton() {
  const { open, setOpen, mounted, buttonRef, show } = useLazyPanel();
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Search"
        aria-haspopup="dialog"
        onClick={show}
        onPointerEnter={() => void loadSiteSearch()}
        onFocus={() => void loadSiteSearch()}
        className={iconButton}
      >
        <SearchIcon size={22} />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <SiteSearch open={open} onOpenChange={setOpen} returnFocusRef={buttonRef} />
        </Suspense>
      )}
    </>
  );
}

export function MobileMenuButton({ account, className }: { account: { label: string; to: string }; className?: string }) {
  const { open, setOpen, mounted, buttonRef, show } = useLazyPanel();
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
        onPointerEnter={() => void loadMobileMenu()}
        onFocus={() => void loadMobileMenu()}
        className={cn(iconButton, className)}
      >
        <MenuIcon size={24} />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} account={account} returnFocusRef={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
