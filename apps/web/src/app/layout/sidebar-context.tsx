import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router';

interface SidebarContextValue {
  /** Whether the mobile sidebar is open (on desktop the sidebar is always shown). */
  open: boolean;
  setOpen(open: boolean): void;
  /** The header's MENU button: focus goes back to it when the sidebar closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

/** Shared by the header's MENU button and the user area's sidebar. */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Remember on which page it was opened: following a link closes it, with no effect needed.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = useCallback((next: boolean) => setOpenOn(next ? pathname : null), [pathname]);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const value = useMemo(() => ({ open, setOpen, triggerRef }), [open, setOpen]);
  return <SidebarContext value={value}>{children}</SidebarContext>;
}

export function useSidebar(): SidebarContextValue {
  const value = use(SidebarContext);
  if (!value) throw new Error('useSidebar must be used inside SidebarProvider');
  return value;
}
