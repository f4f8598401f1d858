import type { ComponentType, ReactNode } from "react";
import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ShellUser } from "#app/shell.ts";
import { avatarUrl } from "#app/ui/focus-and-avatar.ts";
import {
  BagIcon,
  BellIcon,
  CardIcon,
  CoinsIcon,
  DashboardIcon,
  GavelIcon,
  GridIcon,
  HeartIcon,
  type IconProps,
  LogoutIcon,
  MailIcon,
  NewsletterIcon,
  ParcelIcon,
  ReceiptIcon,
  StarIcon,
  TagIcon,
} from "#app/ui/icons.tsx";
import { type LiveCounts, useLiveCounts, useShellData } from "#app/ui/live-counts.ts";
import { localePath, type PageName } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";

export type AccountLink = {
  page: PageName;
  label: string;
  Icon: ComponentType<IconProps>;
  /** A small number shown after the label (a count). */
  count?: number;
  /** A highlighted number (new items), shown as a badge when above zero. */
  badge?: number;
  /** Screen-reader wording of the numbers. */
  countLabel?: string;
};

type Place = "dropdown" | "sidebar";

/**
 * The account pages in the order of the account dropdown (docs/product/screens.md, "Parts of every
 * page"). The dropdown and the sidebar list slightly different pages: the sidebar also has the
 * user's bids and payments. Both list the watched auctions, the reviews and the watchdogs, pages a
 * user otherwise found only by chance. An influencer (a user with a voucher of their own) also has
 * its statistics page.
 */
export function useAccountLinks(place: Place): AccountLink[] {
  const { locale, t } = useTranslation();
  const counts: LiveCounts | null = useLiveCounts();
  const hasVoucher = useShellData()?.user?.hasVoucher ?? false;
  const isStaff = useShellData()?.user?.isStaff ?? false;
  const newMessages = counts?.messages.new ?? 0;
  const totalMessages = counts?.messages.total ?? 0;
  const totalAds = counts?.advertisements.total ?? 0;
  const messagesLabel = `${t(pluralKey(locale, "header.unreadMessages", newMessages), { count: newMessages })}, ${t("header.totalCount", { count: totalMessages })}`;
  const links: (AccountLink | false)[] = [
    { page: "accountOverview", label: t("header.overview"), Icon: DashboardIcon },
    {
      page: "accountAdvertisements",
      label: t("header.myAdvertisements"),
      Icon: TagIcon,
      count: totalAds,
      countLabel: t("header.totalCount", { count: totalAds }),
    },
    place === "sidebar" && { page: "accountAuctions", label: t("header.auctions"), Icon: GavelIcon },
    place === "sidebar" && { page: "accountPurchases", label: t("dealPages.menu.purchases"), Icon: BagIcon },
    place === "sidebar" && { page: "accountSales", label: t("dealPages.menu.sales"), Icon: ParcelIcon },
    { page: "accountWatch", label: t("header.watched"), Icon: HeartIcon },
    {
      page: "accountMessages",
      label: t("header.messages"),
      Icon: MailIcon,
      badge: newMessages,
      count: place === "dropdown" ? totalMessages : undefined,
      countLabel:
        place === "dropdown"
          ? messagesLabel
          : t(pluralKey(locale, "header.unreadMessages", newMessages), { count: newMessages }),
    },
    { page: "accountReviews", label: t("header.reviews"), Icon: StarIcon },
    { page: "accountWatchdogs", label: t("header.watchdogs"), Icon: BellIcon },
    place === "sidebar" && { page: "accountPayment", label: t("orders.menu.payments"), Icon: CardIcon },
    hasVoucher && { page: "accountVoucherStats", label: t("orders.menu.voucher"), Icon: CoinsIcon },
    { page: "accountInvoice", label: t("header.invoice"), Icon: ReceiptIcon },
    place === "sidebar" && { page: "accountSellerDeclaration", label: t("traders.menu"), Icon: TagIcon },
    { page: "accountNewsletters", label: t("header.newsletters"), Icon: NewsletterIcon },
    // Staff reach the back office from their account (docs/product/back-office.md).
    isStaff && { page: "admin", label: t("header.backOffice"), Icon: GridIcon },
  ];
  return links.filter((link): link is AccountLink => link !== false);
}

/** The numbers after an account link: a gold badge for new items and/or a muted total. */
export function AccountLinkCounts({ link, inverted = false }: { link: AccountLink; inverted?: boolean }) {
  const showBadge = (link.badge ?? 0) > 0;
  const showCount = link.count !== undefined;
  if (!showBadge && !showCount) return null;
  return (
    <span className="ml-auto flex items-center gap-1.5 pl-2">
      <span aria-hidden="true" className="flex items-center gap-1.5">
        {showBadge ? (
          <span className="min-w-6 rounded-full bg-secondary px-1.5 text-center text-[0.75rem] leading-6 font-bold text-ink">
            {link.badge}
          </span>
        ) : null}
        {showCount ? (
          <span
            className={`min-w-6 rounded-full px-1.5 text-center text-[0.75rem] leading-6 font-semibold tabular-nums ${
              inverted ? "bg-white/15 text-white" : "bg-primary-dark/8 text-muted"
            }`}
          >
            {link.count}
          </span>
        ) : null}
      </span>
      {link.countLabel ? <span className="sr-only">({link.countLabel})</span> : null}
    </span>
  );
}

/**
 * The logout action: a form posting to the logout page; the server ends the session
 * (docs/product/accounts.md, "Sessions").
 */
export function LogoutForm({ className, children }: { className: string; children?: ReactNode }) {
  const { locale, t } = useTranslation();
  return (
    <Form method="post" action={localePath("logout", locale)} data-testid="logout-form">
      <button type="submit" className={className}>
        <LogoutIcon className="size-5 shrink-0" />
        {children ?? t("header.logout")}
      </button>
    </Form>
  );
}

/** The user's avatar, or a default icon; the ring turns gold for a discount group. */
export function Avatar({
  user,
  size = "size-9",
  tone = "dark",
}: {
  user: ShellUser;
  size?: string;
  /** The background it sits on: the dark bar or a light panel. */
  tone?: "dark" | "light";
}) {
  const discount = user.groupDiscount > 0;
  const ring = discount
    ? "ring-2 ring-secondary"
    : tone === "dark"
      ? "ring-1 ring-white/40"
      : "ring-1 ring-line";
  const fill =
    tone === "dark"
      ? discount
        ? "bg-secondary/20 text-secondary"
        : "bg-white/10 text-white"
      : "bg-primary-dark/10 text-primary-dark";
  if (user.avatarFileName)
    return (
      <img
        src={avatarUrl(user.avatarFileName)}
        alt=""
        className={`${size} shrink-0 rounded-full bg-white/10 object-cover ${ring}`}
        loading="lazy"
        decoding="async"
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-full ${fill} ${ring}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-[60%]"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        aria-hidden="true"
      >
        <circle cx="12" cy="8.5" r="3.7" />
        <path d="M4.8 20c.9-3.6 3.7-5.6 7.2-5.6s6.3 2 7.2 5.6" strokeLinecap="round" />
      </svg>
    </span>
  );
}
