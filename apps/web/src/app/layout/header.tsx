import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { MenuIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { homeFor } from '@/app/route-guards';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { MobileMenuButton, SearchButton } from './header-actions';
import { PublicNav } from './public-nav';
import { useSidebar } from './sidebar-context';
import { useScrolledPast } from './use-scrolled';

/** docs/product.md#site-frame: the header turns solid after 50 px of scrolling. */
const SOLID_AFTER_PX = 50;

export const isUserArea = (pathname: string) => pathname.startsWith('/user') || pathname.startsWith('/admin');
// The profile menu exists only in the user area, so its menu code loads with it.
const ProfileMenu = lazy(() => import('./profile-menu'));

const alwaysSolid = (pathname: string) => pathname === paths.login || pathname === paths.register || isUserArea(pathname);

/*
 * Over a page's hero (an element with `data-hero`, inside the frame `group/frame`) the header is
 * transparent with white text. CSS decides (`:has()`), not state set after the page renders, so a
 * server-rendered page shows the right header in its first paint.
 */
const overHero =
  'group-has-[[data-hero]]/frame:border-transparent group-has-[[data-hero]]/frame:bg-transparent group-has-[[data-hero]]/frame:text-white group-has-[[data-hero]]/frame:shadow-none group-has-[[data-hero]]/frame:backdrop-blur-none';

/**
 * The site header: 80 px high, 108 px from 1280 px. Transparent with white text over a page's
 * hero, solid white once scrolled, on the sign-in pages and in the user area. In the user area
 * the public navigation gives way to the sidebar's MENU button and the profile menu.
 */
export function Header() {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  const userArea = isUserArea(pathname);
  // Solid whatever the page holds; otherwise solid unless a hero sits underneath (overHero).
  const solid = scrolled || alwaysSolid(pathname);
  return (
    <header
      data-solid={solid}
      className={cn(
        'fixed inset-x-0 top-0 z-40 h-header border-b border-ink-100 bg-white/95 text-ink-900 shadow-[0_6px_24px_-18px_rgb(20_33_61/0.5)] backdrop-blur transition-[background-color,box-shadow,color] duration-300 xl:h-header-xl',
        !solid && overHero,
      )}
    >
      <div className={cn('flex h-full items-center gap-3', userArea ? 'px-4 xs:px-6 lg:px-8' : 'container-page')}>
        {userArea ? <UserAreaBar /> : <PublicBar />}
      </div>
    </header>
  );
}

function Logo() {
  return (
    <Link to={paths.home} className="flex shrink-0 items-center gap-2.5 rounded-lg">
      <img src="/images/logo.svg" alt="" width={40} height={40} className="size-10 xl:size-11" />
      {/* The header's colour: ink when solid, white over a hero. */}
      <span className="font-display text-xl font-bold tracking-tight xl:text-2xl">Pledgeway</span>
    </Link>
  );
}

function PublicBar() {
  const { status, user } = useAuth();
  // While a session is being checked the button already says Dashboard, so a signed-in visitor
  // never sees it change; a visitor without the session cookie is never in that state.
  const account = user || status === 'loading' ? { label: 'Dashboard', to: homeFor(user?.role_id.name) } : { label: 'Log In / Sign Up', to: paths.login };
  return (
    <>
      <Logo />
      <PublicNav className="ml-auto hidden lg:block" />
      <div className="ml-auto flex items-center gap-1 sm:gap-2 lg:ml-2">
        <SearchButton />
        <Link to={account.to} className={buttonClasses({ className: 'hidden sm:inline-flex' })}>
          {account.label}
        </Link>
        <MobileMenuButton account={account} className="lg:hidden" />
      </div>
    </>
  );
}

function UserAreaBar() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const { open: sidebarOpen, setOpen: setSidebarOpen, triggerRef } = useSidebar();
  // No profile dropdown on the profile page itself (docs/product.md#site-frame).
  const showProfileMenu = user && pathname !== paths.user.profile;
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        onClick={() => setSidebarOpen(!sidebarOpen)}
        aria-expanded={sidebarOpen}
        aria-controls={sidebarOpen ? 'user-sidebar' : undefined}
        className="-ml-2 flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-bold tracking-wider hover:bg-ink-50 lg:hidden"
      >
        <MenuIcon size={22} />
        MENU
      </button>
      <Logo />
      <div className="ml-auto flex items-center gap-3">
        {user && (
          <p className="hidden text-sm text-ink-500 md:block">
            Welcome back, <span className="font-semibold text-ink-900">{user.name.split(' ')[0]}</span>
          </p>
        )}
        {showProfileMenu && (
          <Suspense fallback={<span className="size-12" />}>
            <ProfileMenu user={user} />
          </Suspense>
        )}
      </div>
    </>
  );
}
