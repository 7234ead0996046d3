import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Footer } from './footer';
import { Header, isUserArea } from './header';
import { HeroProvider, useHasHero } from '@/components/ui/hero-context';
import { LogoutProvider } from './logout-provider';
import { SidebarProvider } from './sidebar-context';

/** Every route change scrolls to the top (SPEC.md section 2). */
function useScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
}

export function RootLayout() {
  return (
    <HeroProvider>
      <SidebarProvider>
        <LogoutProvider>
          <Frame />
        </LogoutProvider>
      </SidebarProvider>
    </HeroProvider>
  );
}

function Frame() {
  useScrollToTop();
  const { pathname } = useLocation();
  const hasHero = useHasHero();
  // SPEC.md: no footer in the user area, except on the create-event page.
  const showFooter = !isUserArea(pathname) || pathname === paths.user.createEvent;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[100] rounded-full bg-brand-500 px-5 py-2.5 font-semibold text-ink-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      {/* The header is fixed: content starts below it, unless a hero sits underneath it. */}
      <main id="main" tabIndex={-1} className={cn('flex flex-1 flex-col focus:outline-none', !hasHero && 'pt-header xl:pt-header-xl')}>
        {/* The header and footer stay while a page's code loads. */}
        <Suspense fallback={<FullPageSpinner label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
      {showFooter && <Footer />}
    </div>
  );
}
