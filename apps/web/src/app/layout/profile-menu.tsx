import type { PublicUser } from '@pledgeway/domain';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { ChevronDownIcon, DashboardIcon, LogOutIcon, UserIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { homeFor } from '@/app/route-guards';
import { useLogout } from './logout-provider';

const itemClasses =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-sm font-medium text-ink-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-ink-900';

/**
 * The avatar menu of the user area. Its panel was once meant to be empty (docs/product.md#site-frame, decision 012); it shows who is signed
 * in and the two things people look for there, Profile and Log out (docs/decisions).
 */
export default function ProfileMenu({ user }: { user: PublicUser }) {
  const logout = useLogout();
  const isAdmin = user.role_id.name === 'admin';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Open profile menu"
        className="group flex items-center gap-2 rounded-full p-1 pr-2 transition-colors hover:bg-ink-50 data-[state=open]:bg-ink-50"
      >
        <Avatar src={user.profile_image || user.image} />
        <ChevronDownIcon size={16} className="text-ink-500 transition-transform group-data-[state=open]:rotate-180" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={10}
          className="z-50 w-72 rounded-2xl border border-ink-100 bg-white p-2 shadow-pop data-[state=open]:animate-menu-in motion-reduce:animate-none"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-3 py-3">
            <Avatar src={user.profile_image || user.image} className="size-11" />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-ink-900">{user.name}</span>
              <span className="block truncate text-sm text-ink-500">{user.email}</span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-ink-100" />
          <DropdownMenu.Item asChild>
            <Link to={homeFor(user.role_id.name)} className={itemClasses}>
              <DashboardIcon size={18} /> Dashboard
            </Link>
          </DropdownMenu.Item>
          {!isAdmin && (
            <DropdownMenu.Item asChild>
              <Link to={paths.user.profile} className={itemClasses}>
                <UserIcon size={18} /> Profile
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-ink-100" />
          <DropdownMenu.Item onSelect={() => void logout()} className={itemClasses}>
            <LogOutIcon size={18} /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
