import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { deferred } from '@/components/deferred';
import { Header, isUserArea } from './header';
import { LogoutProvider } from './logout-provider';
import { SidebarProvider } from './sidebar-context';

// Below every page: its code loads after the entry chunk (server-rendered pages show it from their HTML).
const Footer = deferred(() => import('./footer').then((module) => module.Footer));

/**
 * Every route change scrolls to the top (docs/product.md#routes). Not the page's first load: a visitor
 * may already have scrolled a server-rendered page before its script ran.
 */
function useScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
}

export function RootLayout() {
  return (
    <SidebarProvider>
      <LogoutProvider>
        <Frame />
      </LogoutProvider>
    </SidebarProvider>
  );
}

function Frame() {
  useScrollToTop();
  const { pathname } = useLocation();
  // No footer in the user area (docs/product.md#site-frame), except on the create-event page.
  const showFooter = !isUserArea(pathname) || pathname === paths.user.createEvent;
  return (
    <div className="group/frame flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[100] rounded-full bg-brand-500 px-5 py-2.5 font-semibold text-ink-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      {/* The header is fixed: content starts below it, unless a hero (`data-hero`) sits underneath it. */}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col not-has-[[data-hero]]:pt-header focus:outline-none xl:not-has-[[data-hero]]:pt-header-xl">
        {/* The header and footer stay while a page's code loads. */}
        <Suspense fallback={<FullPageSpinner label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
      {showFooter && <Footer />}
    </div>
  );
}
