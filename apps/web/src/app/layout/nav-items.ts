import { paths } from '@/config/paths';

export interface NavLinkItem {
  label: string;
  to: string;
}
export interface NavGroupItem {
  label: string;
  items: NavLinkItem[];
}
export type NavItem = NavLinkItem | NavGroupItem;

export const isGroup = (item: NavItem): item is NavGroupItem => 'items' in item;

/** The public navigation of docs/product.md#site-frame, shared by the desktop bar and the mobile menu. */
export const publicNav: NavItem[] = [
  { label: 'Home', to: paths.home },
  {
    label: 'Our Platform',
    items: [
      { label: 'Our Story', to: paths.ourStory },
      { label: 'Services', to: paths.services },
    ],
  },
  { label: 'Campaigns', to: paths.events },
  { label: 'Charities', to: paths.charities },
  {
    label: 'Legal',
    items: [
      { label: 'Terms of Use', to: paths.terms },
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Cookie Policy', to: paths.cookies },
    ],
  },
  { label: 'Contact Us', to: paths.contact },
];
