import { useEffect, useState } from 'react';

/**
 * True once the page's `load` event has fired. It starts false, as the page is rendered on the
 * server and hydrated, so what waits for it (sections below the fold, a heavy form) is fetched
 * after the first screen, never during hydration.
 */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') {
      setLoaded(true);
      return;
    }
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, []);
  return loaded;
}
