import { Link } from "react-router";
import {
  AccountLinkCounts,
  Avatar,
  LogoutForm,
  useAccountLinks,
} from "#app/features/account/account-links.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ShellUser } from "#app/shell.ts";
import { Dropdown, type DropdownTriggerProps } from "#app/ui/dropdown.tsx";
import { FOCUS_ON_DARK, FOCUS_ON_LIGHT } from "#app/ui/focus-and-avatar.ts";
import { ChevronDownIcon, PlusIcon } from "#app/ui/icons.tsx";
import { useLiveCounts } from "#app/ui/live-counts.ts";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";

type AccountDropdownProps = { user: ShellUser; open: boolean; onOpenChange: (open: boolean) => void };

/** The dropdown's button: avatar, username (visible from tablet up) and the new notifications' badge. */
function AccountTrigger({
  user,
  open,
  newCount,
  discount,
  ...props
}: DropdownTriggerProps & { user: ShellUser; open: boolean; newCount: number; discount: boolean }) {
  const { locale, t } = useTranslation();
  return (
    <button
      {...props}
      className={`relative inline-flex h-11 items-center gap-2 rounded-full py-1 pr-1 pl-1 text-white transition-colors tablet:pr-3 ${
        discount
          ? "bg-secondary/15 ring-1 ring-secondary/70 hover:bg-secondary/25 aria-expanded:bg-secondary/25"
          : "hover:bg-white/10 aria-expanded:bg-white/15"
      } ${FOCUS_ON_DARK}`}
      data-testid="account-trigger"
    >
      <Avatar user={user} />
      <span className="sr-only">{t("header.accountMenu")}: </span>
      <span className="sr-only max-w-36 truncate text-[0.9rem] font-medium desktop:not-sr-only">
        {user.username}
      </span>
      {newCount > 0 ? (
        <span
          className="absolute top-0 left-[1.6rem] min-w-[1.15rem] rounded-full bg-secondary px-1 text-center text-[0.65rem] leading-[1.15rem] font-bold text-ink ring-2 ring-primary-dark"
          data-testid="account-notifications"
        >
          {newCount}
          <span className="sr-only"> {t(pluralKey(locale, "header.newNotificationsSuffix", newCount))}</span>
        </span>
      ) : null}
      <ChevronDownIcon
        className={`hidden size-4 transition-transform tablet:block ${open ? "rotate-180" : ""}`}
      />
    </button>
  );
}

/** The panel's head: the user, and their group discount or the count of new notifications. */
function AccountSummary({
  user,
  newCount,
  discount,
}: {
  user: ShellUser;
  newCount: number;
  discount: boolean;
}) {
  const { locale, t } = useTranslation();
  const notifications = t(pluralKey(locale, "header.newNotifications", newCount), { count: newCount });
  return (
    <div
      className={`flex items-center gap-3 border-b px-5 pt-4 pb-3.5 ${discount ? "border-secondary/30 bg-secondary/10" : "border-line"}`}
    >
      <Avatar user={user} size="size-11" tone="light" />
      <div className="min-w-0">
        <p className="truncate font-semibold">{user.username}</p>
        {discount ? (
          <p className="text-[0.8rem] font-semibold text-[#7a5c1c]" data-testid="account-discount">
            {user.groupName ? `${user.groupName} · ` : ""}
            {t("header.discount", { discount: user.groupDiscount })}
          </p>
        ) : (
          <p className="text-[0.8rem] text-muted">{newCount > 0 ? notifications : t("header.accountMenu")}</p>
        )}
      </div>
    </div>
  );
}

/** The account pages with their counts; following one closes the dropdown. */
function AccountMenuLinks({ onNavigate }: { onNavigate: () => void }) {
  const { locale } = useTranslation();
  const links = useAccountLinks("dropdown");
  return (
    <ul className="border-t border-line px-2 py-2">
      {links.map((link) => (
        <li key={link.page}>
          <Link
            to={localePath(link.page, locale)}
            onClick={onNavigate}
            className={`flex items-center gap-3 rounded-md px-3 py-2 text-[0.9rem] hover:bg-primary-dark/5 ${FOCUS_ON_LIGHT}`}
            data-testid={`account-link-${link.page}`}
          >
            <link.Icon className="size-5 shrink-0 text-primary" />
            <span className="min-w-0">{link.label}</span>
            <AccountLinkCounts link={link} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The logged-in user's menu (docs/product/screens.md, "Parts of every page"): avatar or default
 * icon, username and the count of new notifications on the trigger; add auction, the account pages
 * with their counts and logout inside. A user whose group has a discount gets the gold variant.
 */
export function AccountDropdown({ user, open, onOpenChange }: AccountDropdownProps) {
  const { locale, t } = useTranslation();
  const counts = useLiveCounts();
  const newCount = counts?.messages.new ?? 0;
  const discount = user.groupDiscount > 0;
  const close = () => onOpenChange(false);

  return (
    <Dropdown
      open={open}
      onOpenChange={onOpenChange}
      arrowKeys
      data-testid="account-dropdown"
      className={`relative ${discount ? "is-discount" : ""}`}
      panelClassName={`absolute right-0 top-full z-50 mt-3 w-[min(20rem,calc(100vw-2rem))] overflow-hidden rounded-xl bg-white text-ink shadow-2xl ring-1 ${
        discount ? "ring-secondary/60" : "ring-ink/10"
      }`}
      trigger={(props) => (
        <AccountTrigger {...props} user={user} open={open} newCount={newCount} discount={discount} />
      )}
    >
      <div className={`h-1 ${discount ? "bg-secondary" : "bg-primary-dark"}`} />
      <AccountSummary user={user} newCount={newCount} discount={discount} />
      <div className="px-3 pt-3 pb-3">
        <Link
          to={localePath("accountAdvertisementAdd", locale)}
          onClick={close}
          className={`flex h-10 items-center justify-center gap-2 rounded-md bg-secondary font-semibold text-ink transition-colors hover:bg-[#d2ab55] ${FOCUS_ON_LIGHT}`}
        >
          <PlusIcon className="size-5" />
          {t("header.addAuction")}
        </Link>
      </div>
      <AccountMenuLinks onNavigate={close} />
      <div className="border-t border-line px-2 py-2">
        <LogoutForm
          className={`flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-[0.9rem] text-danger hover:bg-danger/5 ${FOCUS_ON_LIGHT}`}
        />
      </div>
    </Dropdown>
  );
}
