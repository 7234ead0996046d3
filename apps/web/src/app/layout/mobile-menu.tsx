import * as RadixDialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { isGroup, publicNav } from './nav-items';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-12 items-center rounded-xl px-4 text-base font-medium transition-colors',
    isActive ? 'bg-brand-50 font-semibold text-ink-900' : 'text-ink-700 hover:bg-ink-50',
  );

interface MobileMenuProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  account: { label: string; to: string };
  /** The hamburger button, focused again on close. */
  returnFocusRef: RefObject<HTMLElement | null>;
}

/**
 * Under 1024 px, the navigation as a panel from the right: a dialog, so focus is trapped and
 * Escape closes it. Loaded on first use (default export for React.lazy).
 */
export default function MobileMenu({ open, onOpenChange, account, returnFocusRef }: MobileMenuProps) {
  const close = () => onOpenChange(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink-900/60 data-[state=open]:animate-fade-in motion-reduce:animate-none" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusRef.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[22rem] max-w-[88vw] flex-col bg-white shadow-pop focus:outline-none data-[state=open]:animate-slide-in-right motion-reduce:animate-none"
        >
          <div className="flex h-header items-center justify-between border-b border-ink-100 px-5">
            <RadixDialog.Title className="font-display text-lg font-semibold">Menu</RadixDialog.Title>
            <RadixDialog.Close aria-label="Close menu" className="flex size-11 items-center justify-center rounded-full text-ink-600 hover:bg-ink-50">
              <CloseIcon size={22} />
            </RadixDialog.Close>
          </div>
          <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
            <ul className="space-y-1">
              {publicNav.map((item) =>
                isGroup(item) ? (
                  <li key={item.label} className="pt-3">
                    <p className="px-4 pb-1 text-xs font-semibold tracking-wider text-ink-500 uppercase">{item.label}</p>
                    <ul className="space-y-1">
                      {item.items.map((child) => (
                        <li key={child.to}>
                          <NavLink to={child.to} onClick={close} className={linkClasses}>
                            {child.label}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  </li>
                ) : (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.to === '/'} onClick={close} className={linkClasses}>
                      {item.label}
                    </NavLink>
                  </li>
                ),
              )}
            </ul>
          </nav>
          <div className="border-t border-ink-100 p-5">
            <Link to={account.to} onClick={close} className={buttonClasses({ block: true })}>
              {account.label}
            </Link>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
