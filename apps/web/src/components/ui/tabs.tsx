import { createContext, use, useId, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface TabsContextValue {
  baseId: string;
  value: string;
  onValueChange(value: string): void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const context = use(TabsContext);
  if (!context) throw new Error('Tab, TabList and TabPanel must be inside Tabs');
  return context;
}

const idFor = (baseId: string, kind: 'tab' | 'panel', value: string) => `${baseId}-${kind}-${value.replace(/\s+/g, '-')}`;

/** Controlled tabs (WAI-ARIA tabs pattern, automatic activation). */
export function Tabs({ value, onValueChange, children }: { value: string; onValueChange(value: string): void; children: ReactNode }) {
  const baseId = useId();
  return <TabsContext value={{ baseId, value, onValueChange }}>{children}</TabsContext>;
}

/** Arrow keys move between tabs (wrapping), Home and End jump to the ends; Tab leaves the list. */
export function TabList({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'));
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    const next = { ArrowRight: current + 1, ArrowDown: current + 1, ArrowLeft: current - 1, ArrowUp: current - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length];
    target?.focus();
    target?.click();
  }
  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={cn('inline-flex flex-wrap gap-1 rounded-full bg-ink-50 p-1', className)}>
      {children}
    </div>
  );
}

export function Tab({ value, children, disabled }: { value: string; children: ReactNode; disabled?: boolean }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idFor(tabs.baseId, 'tab', value)}
      aria-selected={selected}
      // Only the selected panel exists, and aria-controls must point at an element that does.
      aria-controls={selected ? idFor(tabs.baseId, 'panel', value) : undefined}
      tabIndex={selected ? 0 : -1}
      disabled={disabled}
      onClick={() => tabs.onValueChange(value)}
      className={cn(
        'min-h-10 rounded-full px-5 py-2 text-sm font-semibold transition-colors',
        selected ? 'bg-ink-900 text-white shadow-sm' : 'text-ink-600 hover:bg-white hover:text-ink-900',
      )}
    >
      {children}
    </button>
  );
}

/** Only the selected panel is rendered. */
export function TabPanel({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={idFor(tabs.baseId, 'panel', value)}
      aria-labelledby={idFor(tabs.baseId, 'tab', value)}
      tabIndex={0}
      className={cn('focus-visible:outline-offset-4', className)}
    >
      {children}
    </div>
  );
}
