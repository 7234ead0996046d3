import { Outlet } from 'react-router';
import { Sidebar } from './sidebar';

/** The signed-in area: the sidebar on the left, the page on a light canvas beside it. */
export function UserLayout() {
  return (
    <div className="flex min-h-[calc(100dvh-var(--spacing-header))] bg-ink-50/60 xl:min-h-[calc(100dvh-var(--spacing-header-xl))]">
      <Sidebar />
      <div className="min-w-0 flex-1 px-4 py-8 xs:px-6 lg:px-10 xl:py-10">
        <div className="mx-auto max-w-6xl">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
