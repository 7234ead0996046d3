import { createContext, use, useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';

interface HeroContextValue {
  hasHero: boolean;
  register(): () => void;
}

const HeroContext = createContext<HeroContextValue | null>(null);

/**
 * Tracks whether the current page starts with a dark hero. The header is transparent only over a
 * hero (SPEC.md section 2); a page without one gets the solid header and its content starts below
 * it, so no page can end up with white navigation text on a white background.
 */
export function HeroProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const register = useCallback(() => {
    setCount((value) => value + 1);
    return () => setCount((value) => value - 1);
  }, []);
  const value = useMemo(() => ({ hasHero: count > 0, register }), [count, register]);
  return <HeroContext value={value}>{children}</HeroContext>;
}

/**
 * Call in a page's top hero (PageBanner does; so should a home carousel). The hero must reserve
 * the header's height at its top (`pt-header xl:pt-header-xl`) and be dark enough for white text.
 */
export function useRegisterHero(): void {
  const register = use(HeroContext)?.register;
  // Layout effect: the header and the content offset switch before the first paint.
  useLayoutEffect(() => register?.(), [register]);
}

export function useHasHero(): boolean {
  return use(HeroContext)?.hasHero ?? false;
}
