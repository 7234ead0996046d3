import { NavLink, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

export const consoleLinks = [
  { label: 'Overview', to: paths.admin.dashboard },
  { label: 'Reviews', to: paths.admin.reviews },
  { label: 'Campaigns', to: paths.admin.campaigns },
  { label: 'Charging', to: paths.admin.charging },
  { label: 'Payouts', to: paths.admin.payouts },
  { label: 'Connect', to: paths.admin.charityConnect },
  { label: 'Disputes', to: paths.admin.disputes },
  { label: 'Monthly giving', to: paths.admin.monthlyGiving },
  { label: 'Wallets', to: paths.admin.wallets },
  { label: 'Charities', to: paths.admin.charities },
  { label: 'People', to: paths.admin.people },
  { label: 'Messages', to: paths.admin.messages },
  { label: 'Audit log', to: paths.admin.audit },
] as const;

/**
 * The console's own navigation, above every admin page (the account sidebar keeps the items of docs/product.md#user-sidebar
 * Dashboard and Go to website). On a phone it scrolls sideways; the current page is marked.
 */
export function AdminConsoleLayout() {
  return (
    <div className="space-y-6">
      <nav aria-label="Admin console" className="-mx-4 overflow-x-auto px-4 xs:-mx-6 xs:px-6 lg:mx-0 lg:px-0">
        <ul className="flex w-max gap-1 rounded-2xl border border-ink-100 bg-white p-1.5 shadow-sm">
          {consoleLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-10 items-center rounded-xl px-3.5 text-sm font-semibold whitespace-nowrap transition-colors',
                    isActive ? 'bg-ink-900 text-white' : 'text-ink-600 hover:bg-ink-50 hover:text-ink-900',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
