import { lazy, Suspense, useEffect, useState } from 'react';
import { HeroCarousel } from '../components/hero-carousel';
import { useDocumentTitle } from '../hooks/use-document-title';

// The sections under the hero (sliders, copy, the login dialog) are fetched once the page has
// loaded, so the first paint only needs the app shell and the hero (docs/performance.md).
const loadBelowFold = () => import('../components/home-below-fold');
const HomeBelowFold = lazy(loadBelowFold);

function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(() => typeof document !== 'undefined' && document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return loaded;
}

/** Home (/): every section of SPEC.md in its order. */
export default function HomePage() {
  useDocumentTitle('Pledgeway');
  const loaded = useAfterLoad();
  return (
    <>
      <HeroCarousel />
      {loaded ? (
        <Suspense fallback={<div className="min-h-screen" aria-hidden="true" />}>
          <HomeBelowFold />
        </Suspense>
      ) : (
        <div className="min-h-screen" aria-hidden="true" />
      )}
    </>
  );
}
