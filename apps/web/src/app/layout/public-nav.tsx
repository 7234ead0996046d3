import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { NavDisclosure } from './nav-disclosure';
import { isGroup, publicNav } from './nav-items';

/** Underline that grows under the current or hovered item. */
const itemClasses = (active: boolean) =>
  cn(
    'relative inline-flex h-10 items-center gap-1 rounded-lg px-3 text-[15px] font-medium transition-colors',
    'after:absolute after:inset-x-3 after:bottom-0.5 after:h-0.5 after:origin-left after:rounded-full after:bg-brand-500 after:transition-transform',
    active ? 'after:scale-x-100' : 'after:scale-x-0 hover:after:scale-x-100 data-[active]:after:scale-x-100',
  );

/** The desktop navigation bar (from 1024 px). */
export function PublicNav({ className }: { className?: string }) {
  return (
    <nav aria-label="Main" className={className}>
      <ul className="flex items-center gap-0.5 xl:gap-1.5">
        {publicNav.map((item) => (
          <li key={item.label}>
            {isGroup(item) ? (
              <NavDisclosure group={item} triggerClassName={itemClasses(false)} />
            ) : (
              <NavLink to={item.to} end={item.to === '/'} className={({ isActive }) => itemClasses(isActive)}>
                {item.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
