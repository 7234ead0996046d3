import { useEffect, useEffectEvent } from 'react';
import { useHydrated } from '@/lib/hydration';

/*
 * A press on a server-rendered button that opens something on the page (a dialog), made before the
 * app has hydrated that button (docs/decisions/120). React does not replay a click made before
 * hydrateRoot runs, and on a slow phone that is seconds after the page shows. The inline script of
 * index.html holds such a press: on a button carrying `data-early-click="<key>"` it cancels the
 * click and keeps the key in `window.pledgewayEarlyClicks`. The button's component hands the press
 * to its action once hydrated, and from then on renders without the attribute, so the script lets
 * every later press through to React.
 */

declare global {
  interface Window {
    /** Keys of the buttons pressed before they were hydrated, oldest first (index.html's inline script). */
    pledgewayEarlyClicks?: string[];
  }
}

/** Whether the button `key` was pressed before it was hydrated; the press is taken, so it is acted on once. */
export function takeEarlyClick(key: string): boolean {
  const held = typeof window === 'undefined' ? undefined : window.pledgewayEarlyClicks;
  const at = held ? held.indexOf(key) : -1;
  if (at < 0) return false;
  // In place: the inline script keeps adding to this same list.
  held!.splice(at, 1);
  return true;
}

/**
 * The attribute that marks a button for the inline script until its component has hydrated, and,
 * once it has, `onEarlyClick` for a press made before. `key` names the button among the page's;
 * with `hold` false the press is not held (the button works without the app: a link or a form).
 */
export function useEarlyClick(key: string, onEarlyClick: () => void, hold = true): { 'data-early-click'?: string } {
  const hydrated = useHydrated();
  const act = useEffectEvent(onEarlyClick);
  useEffect(() => {
    if (hydrated && takeEarlyClick(key)) act();
  }, [hydrated, key]);
  return hydrated || !hold ? {} : { 'data-early-click': key };
}
