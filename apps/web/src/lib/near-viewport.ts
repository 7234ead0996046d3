import { useEffect, useState, type RefObject } from 'react';

/**
 * Calls `onNear` once `target` comes within `margin` of the viewport (an IntersectionObserver
 * rootMargin, e.g. '50% 0px': half a screen ahead), and returns the clean-up. No element (nothing
 * rendered yet) or a browser without the observer gets `onNear` at once: what cannot be watched
 * is never kept back.
 */
export function whenNearViewport(target: Element | null | undefined, margin: string, onNear: () => void): () => void {
  if (!target || typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: margin },
  );
  observer.observe(target);
  return () => observer.disconnect();
}

/**
 * True once the element behind `ref` has come within `margin` of the viewport. Work for what is
 * below the first screen (rendering a section, measuring a carousel) waits for it, so a page that
 * is only opened and read does none of it while it loads.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '50% 0px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => whenNearViewport(ref.current, margin, () => setNear(true)), [ref, margin]);
  return near;
}
