import type { ReactNode } from "react";

/**
 * Inline stroke icons (24 × 24 grid, currentColor). They are decorative: the control that holds one
 * carries the accessible name, so every icon is aria-hidden. The stroke's look is the `.icon` class
 * in app.css, not attributes repeated on each of the dozens of icons a page draws.
 */
export type IconProps = { className?: string };

function Icon({ className = "size-5", children }: IconProps & { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" className={`icon ${className}`} aria-hidden="true">
      {children}
    </svg>
  );
}

export const SearchIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </Icon>
);

export const UserIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="8.5" r="3.7" />
    <path d="M4.8 20c.9-3.6 3.7-5.6 7.2-5.6s6.3 2 7.2 5.6" />
  </Icon>
);

export const BellIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6.2 16.5V11a5.8 5.8 0 0 1 11.6 0v5.5l1.5 1.8H4.7z" />
    <path d="M10 20.2a2.2 2.2 0 0 0 4 0" />
  </Icon>
);

export const PlusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const MenuIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);

export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6.5 9.5L12 15l5.5-5.5" />
  </Icon>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9.5 6.5L15 12l-5.5 5.5" />
  </Icon>
);

export const EyeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2.8 12S6.2 5.8 12 5.8 21.2 12 21.2 12 17.8 18.2 12 18.2 2.8 12 2.8 12z" />
    <circle cx="12" cy="12" r="2.8" />
  </Icon>
);

export const EyeOffIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 4l16 16" />
    <path d="M9.9 6.1A9.6 9.6 0 0 1 12 5.8c5.8 0 9.2 6.2 9.2 6.2a16 16 0 0 1-2.7 3.4M6.5 7.6A15.6 15.6 0 0 0 2.8 12s3.4 6.2 9.2 6.2a9 9 0 0 0 4.1-1" />
    <path d="M10 10.1a2.8 2.8 0 0 0 3.9 3.9" />
  </Icon>
);

export const LogoutIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14 4.5H6.5a1.5 1.5 0 0 0-1.5 1.5v12a1.5 1.5 0 0 0 1.5 1.5H14" />
    <path d="M10 12h10M16.5 8.5L20 12l-3.5 3.5" />
  </Icon>
);

export const HeartIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 19.5s-7.5-4.4-7.5-10A4.2 4.2 0 0 1 12 7a4.2 4.2 0 0 1 7.5 2.5c0 5.6-7.5 10-7.5 10z" />
  </Icon>
);

export const MailIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3.5" y="5.5" width="17" height="13" rx="1.5" />
    <path d="M4 6.5l8 6 8-6" />
  </Icon>
);

export const GavelIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M13.5 4.5l6 6M11 7l6 6M12.3 5.7l-4.6 4.6M18.3 11.7l-4.6 4.6" />
    <path d="M10.2 12.8L4 19" />
    <path d="M12 20h8" />
  </Icon>
);

export const TagIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 12.6V5.5A1.5 1.5 0 0 1 5.5 4h7.1l7.4 7.4a1.5 1.5 0 0 1 0 2.1l-6.5 6.5a1.5 1.5 0 0 1-2.1 0z" />
    <circle cx="8.5" cy="8.5" r="1.3" />
  </Icon>
);

export const DashboardIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="4" y="4" width="7" height="7" rx="1.2" />
    <rect x="13" y="4" width="7" height="4.5" rx="1.2" />
    <rect x="13" y="11" width="7" height="9" rx="1.2" />
    <rect x="4" y="13.5" width="7" height="6.5" rx="1.2" />
  </Icon>
);

export const ReceiptIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 3.5h12v17l-2.4-1.6-2.4 1.6-2.4-1.6-2.4 1.6L6 20.5z" />
    <path d="M9 8.5h6M9 12h6M9 15.5h3.5" />
  </Icon>
);

export const CardIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3.5" y="5.5" width="17" height="13" rx="1.8" />
    <path d="M3.5 9.5h17M7 15h4" />
  </Icon>
);

export const NewsletterIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 10.5l8-6 8 6v8.5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 19z" />
    <path d="M4.5 11l7.5 5 7.5-5" />
  </Icon>
);

export const CheckIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5.5 12.5l4.2 4.2L18.5 8" />
  </Icon>
);

export const ExternalIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M13.5 4.5h6v6M19.5 4.5L11 13" />
    <path d="M17.5 14v4a1.5 1.5 0 0 1-1.5 1.5H6A1.5 1.5 0 0 1 4.5 18V8A1.5 1.5 0 0 1 6 6.5h4" />
  </Icon>
);

export const GlobeIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.3 2.4 3.4 5.2 3.4 8.5s-1.1 6.1-3.4 8.5c-2.3-2.4-3.4-5.2-3.4-8.5S9.7 5.9 12 3.5z" />
  </Icon>
);

export const CoinsIcon = (props: IconProps) => (
  <Icon {...props}>
    <ellipse cx="9.5" cy="7.5" rx="5.5" ry="2.5" />
    <path d="M4 7.5v4c0 1.4 2.5 2.5 5.5 2.5M4 11.5v4c0 1.4 2.5 2.5 5.5 2.5" />
    <ellipse cx="15" cy="14" rx="5" ry="2.3" />
    <path d="M10 14v3.7c0 1.3 2.2 2.3 5 2.3s5-1 5-2.3V14" />
  </Icon>
);

export const GridIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4.5 6.5h15M4.5 12h15M4.5 17.5h9" />
  </Icon>
);

export const StarIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 4l2.4 5 5.4.6-4 3.7 1.1 5.4L12 16l-4.9 2.7 1.1-5.4-4-3.7 5.4-.6z" />
  </Icon>
);

/** A shopping bag: the user's purchases (Nákupy). */
export const BagIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5.5 8h13l-1 12h-11z" />
    <path d="M9 10V7a3 3 0 0 1 6 0v3" />
  </Icon>
);

/** A parcel: the user's sales (Prodeje), shipped to the buyers. */
export const ParcelIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7.5L12 4l8 3.5v9L12 20l-8-3.5z" />
    <path d="M4 7.5l8 3.5 8-3.5M12 11v9" />
  </Icon>
);
