import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import type { NavGroupItem } from './nav-items';

/**
 * A dropdown of the desktop navigation, built as the WAI-ARIA "disclosure navigation" pattern:
 * a button with aria-expanded and a list of ordinary links. ArrowDown opens it and moves in, the
 * arrows move between links, Escape closes it and returns focus, Tab or a click outside closes
 * it. It replaces a menu library in the header so every public page loads less script
 * (docs/decisions/, header dropdowns).
 */
export function NavDisclosure({ group, triggerClassName }: { group: NavGroupItem; triggerClassName: string }) {
  const id = useId();
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  // Tied to the page it was opened on: following one of its links closes it.
  const open = openOn === pathname;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const active = group.items.some((item) => item.to === pathname);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
  // The list renders on open, so the links are looked up again on the next frame.
  const focusLink = (index: number) =>
    requestAnimationFrame(() => {
      const items = links();
      items[(index + items.length) % items.length]?.focus();
    });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpenOn(null);
      button.current?.focus();
      return;
    }
    const items = links();
    const current = items.indexOf(document.activeElement as HTMLAnchorElement);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current < 0 ? -1 : current - 1, Home: 0, End: -1 };
    let target = moves[event.key];
    if (target === undefined) return;
    if (!open) {
      if (event.key !== 'ArrowDown') return;
      setOpenOn(pathname);
      target = 0;
    }
    event.preventDefault();
    focusLink(target);
  }

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenOn(null);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        onClick={() => setOpenOn(open ? null : pathname)}
        className={cn(triggerClassName, 'group')}
        data-active={active || undefined}
      >
        {group.label}
        <ChevronDownIcon size={16} className={cn('transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <ul
          id={`${id}-list`}
          className="absolute top-full left-0 z-50 mt-2.5 min-w-52 rounded-2xl border border-ink-100 bg-white p-2 text-ink-700 shadow-pop animate-menu-in motion-reduce:animate-none"
        >
          {group.items.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={pathname === item.to ? 'page' : undefined}
                className="flex items-center rounded-xl px-3 py-2.5 text-sm font-medium hover:bg-brand-50 hover:text-ink-900 focus-visible:bg-brand-50 focus-visible:text-ink-900 aria-[current=page]:font-semibold aria-[current=page]:text-ink-900"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
