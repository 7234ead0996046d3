import type { PublicUser } from '@pledgeway/domain';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useState, type ComponentType } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  CalendarIcon,
  CardIcon,
  CheckCircleIcon,
  CloseIcon,
  DashboardIcon,
  ExternalLinkIcon,
  FlagIcon,
  HeartHandIcon,
  LogOutIcon,
  PlusIcon,
  ShieldIcon,
  UserIcon,
} from '@/components/ui/icons';
import { useMyCharities } from '@/lib/charity-portal';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useLogout } from './logout-provider';
import { useSidebar } from './sidebar-context';

interface SidebarLink {
  label: string;
  to: string;
  Icon: ComponentType<{ size?: number }>;
}

const userLinks: SidebarLink[] = [
  { label: 'Dashboard', to: paths.user.dashboard, Icon: DashboardIcon },
  { label: 'Profile', to: paths.user.profile, Icon: UserIcon },
  { label: 'My Pledges', to: paths.user.pledges, Icon: HeartHandIcon },
  { label: 'My Giving', to: paths.user.giving, Icon: HeartHandIcon },
  { label: 'Giving Statements', to: paths.user.statements, Icon: CheckCircleIcon },
  { label: 'My Events', to: paths.user.events, Icon: CalendarIcon },
  { label: 'Payment Methods', to: paths.user.paymentMethods, Icon: CardIcon },
  { label: 'Practice Campaign', to: paths.user.practice, Icon: FlagIcon },
];
const adminLinks: SidebarLink[] = [{ label: 'Dashboard', to: paths.admin.dashboard, Icon: DashboardIcon }];

const PROFILE_INCOMPLETE = 'Please complete your profile first to create an event';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-11 items-center gap-3 rounded-xl px-3.5 text-[15px] font-medium transition-colors',
    isActive ? 'bg-ink-900 text-white shadow-sm [&_svg]:text-brand-400' : 'text-ink-600 hover:bg-ink-50 hover:text-ink-900',
  );

/**
 * The user area's navigation (docs/product.md#user-sidebar): fixed at the left from 1024 px; below
 * that a panel opened by the header's MENU button and closed by CLOSE.
 */
export function Sidebar() {
  const { open, setOpen, triggerRef } = useSidebar();
  return (
    <>
      <aside aria-label="Account sidebar" className="hidden w-72 shrink-0 border-r border-ink-100 bg-white lg:block">
        <div className="sticky top-header flex h-[calc(100dvh-var(--spacing-header))] flex-col overflow-y-auto xl:top-header-xl xl:h-[calc(100dvh-var(--spacing-header-xl))]">
          <SidebarContent />
        </div>
      </aside>
      <RadixDialog.Root open={open} onOpenChange={setOpen}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink-900/60 data-[state=open]:animate-fade-in motion-reduce:animate-none lg:hidden" />
          <RadixDialog.Content
            id="user-sidebar"
            aria-describedby={undefined}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              triggerRef.current?.focus();
            }}
            className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[88vw] flex-col bg-white shadow-pop focus:outline-none data-[state=open]:animate-slide-in-left motion-reduce:animate-none lg:hidden"
          >
            <div className="flex h-header items-center justify-between border-b border-ink-100 px-5">
              <RadixDialog.Title className="font-display text-lg font-semibold">Account menu</RadixDialog.Title>
              <RadixDialog.Close className="flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-bold tracking-wider text-ink-700 hover:bg-ink-50">
                <CloseIcon size={18} />
                CLOSE
              </RadixDialog.Close>
            </div>
            <SidebarContent />
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </>
  );
}

function SidebarContent() {
  const { user } = useAuth();
  if (!user) return null;
  const isAdmin = user.role_id.name === 'admin';
  return (
    <div className="flex flex-1 flex-col gap-6 p-5">
      <div className="flex items-center gap-3 rounded-2xl bg-ink-50 p-3">
        <Avatar src={user.profile_image || user.image} className="size-11" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink-900">{user.name}</p>
          <p className="truncate text-xs text-ink-500">{isAdmin ? 'Administrator' : user.email}</p>
        </div>
      </div>
      <nav aria-label="Account">
        <ul className="space-y-1">
          {(isAdmin ? adminLinks : userLinks).map(({ label, to, Icon }) => (
            <li key={to}>
              {/* `end`: /user/events must not also light up for /user/events/practice-campaign. */}
              <NavLink to={to} end className={linkClasses}>
                <Icon size={19} />
                {label}
              </NavLink>
            </li>
          ))}
          {!isAdmin && <CharityPortalLink />}
          {isAdmin && (
            <li>
              <a href={paths.home} target="_blank" rel="noopener noreferrer" className={linkClasses({ isActive: false })}>
                <ExternalLinkIcon size={19} />
                Go to website
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          )}
        </ul>
      </nav>
      {!isAdmin && <AddEventButton user={user} />}
      <AccountActions />
    </div>
  );
}

/** Shown only to someone who represents a charity. */
function CharityPortalLink() {
  const mine = useMyCharities();
  if (!mine.data?.length) return null;
  return (
    <li>
      <NavLink to={paths.user.charities} className={linkClasses}>
        <ShieldIcon size={19} />
        Charity Portal
      </NavLink>
    </li>
  );
}

/** ADD NEW EVENT needs a role and a profile with occupation and company name (docs/product.md#user-sidebar). */
function AddEventButton({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const [incomplete, setIncomplete] = useState(false);
  if (!user.role_id.name) return null;
  const profileComplete = Boolean(user.occupation.trim() && user.company_name.trim());
  return (
    <>
      <Button block onClick={() => (profileComplete ? navigate(paths.user.createEvent) : setIncomplete(true))}>
        <PlusIcon size={18} />
        ADD NEW EVENT
      </Button>
      <ConfirmDialog
        open={incomplete}
        onOpenChange={setIncomplete}
        title="Complete your profile"
        description={PROFILE_INCOMPLETE}
        confirmLabel="Complete Profile"
        onConfirm={() => {
          setIncomplete(false);
          navigate(paths.user.profile);
        }}
      />
    </>
  );
}

function AccountActions() {
  const logout = useLogout();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  return (
    <div className="mt-auto space-y-2 border-t border-ink-100 pt-5">
      <Button
        variant="outline"
        block
        loading={loggingOut}
        onClick={async () => {
          setLoggingOut(true);
          await logout();
        }}
      >
        <LogOutIcon size={18} />
        LOGOUT
      </Button>
      <Button variant="ghost" block className="text-danger-600 hover:bg-red-50" onClick={() => setConfirmClose(true)}>
        CLOSE ACCOUNT
      </Button>
      <ConfirmDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        tone="danger"
        title="Close Account"
        description="Are you sure you want to close your account? The next page explains what happens to your pledges and campaigns before anything is deleted."
        onConfirm={() => {
          setConfirmClose(false);
          navigate(paths.closeAccount);
        }}
      />
    </div>
  );
}
