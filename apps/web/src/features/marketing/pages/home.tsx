import { lazy, Suspense } from 'react';
import { useAfterLoad } from '@/lib/use-after-load';
import { HeroCarousel } from '../components/hero-carousel';
import { useDocumentTitle } from '../hooks/use-document-title';

// The sections under the hero (sliders, copy, the login dialog) are fetched once the page has
// loaded, so the first paint only needs the app shell and the hero (docs/performance.md).
const loadBelowFold = () => import('../components/home-below-fold');
const HomeBelowFold = lazy(loadBelowFold);

/** Home (/): every section of docs/product.md#home in its order. */
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
