import type { ReactNode, SVGProps } from 'react';

/**
 * Inline line icons (24 px grid, 2 px stroke, currentColor). Drawn here rather than pulled from
 * an icon package: lucide-react, measured, added 2.5 KB gzip to every page's entry chunk
 * (docs/decisions/103-icons-stay-hand-drawn.md). Decorative by default: the control that holds one
 * gives the accessible name.
 */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function icon(paths: ReactNode, displayName: string) {
  const Icon = ({ size = 20, ...props }: IconProps) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {paths}
    </svg>
  );
  Icon.displayName = displayName;
  return Icon;
}

/** Brand marks are filled shapes, not strokes. */
function brand(path: string, displayName: string) {
  const Icon = ({ size = 18, ...props }: IconProps) => (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width={size} height={size} fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <path d={path} />
    </svg>
  );
  Icon.displayName = displayName;
  return Icon;
}

export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
  'SearchIcon',
);
export const MenuIcon = icon(<path d="M4 6h16M4 12h16M4 18h16" />, 'MenuIcon');
export const CloseIcon = icon(<path d="M18 6 6 18M6 6l12 12" />, 'CloseIcon');
export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />, 'ChevronDownIcon');
export const ChevronRightIcon = icon(<path d="m9 6 6 6-6 6" />, 'ChevronRightIcon');
export const ArrowRightIcon = icon(<path d="M5 12h14M13 6l6 6-6 6" />, 'ArrowRightIcon');
export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />, 'PlusIcon');
export const CheckIcon = icon(<path d="m5 12 5 5L20 7" />, 'CheckIcon');
export const MailIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
  'MailIcon',
);
export const ExternalLinkIcon = icon(
  <>
    <path d="M14 4h6v6M20 4l-9 9" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </>,
  'ExternalLinkIcon',
);
export const UploadIcon = icon(
  <>
    <path d="M12 16V4M7 9l5-5 5 5" />
    <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
  </>,
  'UploadIcon',
);
export const EyeIcon = icon(
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </>,
  'EyeIcon',
);
export const EyeOffIcon = icon(
  <>
    <path d="M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.2 3.2M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </>,
  'EyeOffIcon',
);
export const InfoIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </>,
  'InfoIcon',
);
export const AlertCircleIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v6M12 16.5h.01" />
  </>,
  'AlertCircleIcon',
);
export const CheckCircleIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </>,
  'CheckCircleIcon',
);
export const UserIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
  'UserIcon',
);
export const LogOutIcon = icon(
  <>
    <path d="M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4" />
    <path d="M10 17l-5-5 5-5M5 12h11" />
  </>,
  'LogOutIcon',
);
export const DashboardIcon = icon(
  <>
    <rect x="3" y="3" width="8" height="9" rx="1.5" />
    <rect x="13" y="3" width="8" height="5" rx="1.5" />
    <rect x="13" y="10" width="8" height="11" rx="1.5" />
    <rect x="3" y="14" width="8" height="7" rx="1.5" />
  </>,
  'DashboardIcon',
);
export const HeartHandIcon = icon(
  <>
    <path d="M12 13.5 8.6 10a2.3 2.3 0 0 1 3.4-3.1A2.3 2.3 0 0 1 15.4 10Z" />
    <path d="M3 20h4l5-2 6-3a1.5 1.5 0 0 0-1.3-2.7L13 14" />
  </>,
  'HeartHandIcon',
);
export const CalendarIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </>,
  'CalendarIcon',
);
export const CardIcon = icon(
  <>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M2 10h20M6 15h4" />
  </>,
  'CardIcon',
);
export const FlagIcon = icon(
  <>
    <path d="M5 21V4" />
    <path d="M5 4h11l-2 4 2 4H5" />
  </>,
  'FlagIcon',
);
export const GlobeIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
  'GlobeIcon',
);
export const TrashIcon = icon(
  <>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
  </>,
  'TrashIcon',
);
export const ShieldIcon = icon(
  <>
    <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6Z" />
    <path d="m9 12 2 2 4-4" />
  </>,
  'ShieldIcon',
);
export const CompassIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5Z" />
  </>,
  'CompassIcon',
);

export const FacebookIcon = brand('M14 8h3V4h-3c-2.8 0-4 1.8-4 4.5V11H7v4h3v7h4v-7h3l1-4h-4V8.7c0-.5.3-.7 1-.7Z', 'FacebookIcon');
export const XBrandIcon = brand('M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8ZM16.7 19.2h1.7L7.4 4.7H5.6Z', 'XBrandIcon');
export const InstagramIcon = icon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </>,
  'InstagramIcon',
);
export const LinkedInIcon = brand(
  'M4.5 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM3 9h3v12H3Zm6 0h3v1.7c.6-1 1.9-2 3.8-2 3.5 0 4.2 2.2 4.2 5.2V21h-3v-6.3c0-1.5 0-3.3-2-3.3s-2.3 1.6-2.3 3.2V21H9Z',
  'LinkedInIcon',
);
export const YouTubeIcon = brand(
  'M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .4-3.8 31 31 0 0 0-.4-3.8ZM10 15.2V8.8l5.2 3.2Z',
  'YouTubeIcon',
);
