import { useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ShellUser } from "#app/shell.ts";
import { localePath } from "#core/i18n/paths.ts";
import {
  AccountLinkCounts,
  Avatar,
  LogoutForm,
  useAccountLinks,
} from "../features/account/account-links.tsx";
import { FOCUS_ON_LIGHT } from "../ui/focus-and-avatar.ts";
import { ChevronDownIcon, PlusIcon } from "../ui/icons.tsx";
import { useShellData } from "../ui/live-counts.ts";

/** The link that matches the path best: the page itself, or the deepest page it lies under. */
function activeIndex(paths: string[], pathname: string): number {
  let best = -1;
  paths.forEach((path, index) => {
    const matches = pathname === path || pathname.startsWith(`${path}/`);
    if (matches && (best === -1 || path.length > paths[best].length)) best = index;
  });
  return best;
}

/** The sidebar's title: the user's avatar, name and group discount, and the fold toggle below desktop. */
function AccountSidebarTitle({
  user,
  open,
  onToggle,
  listId,
}: {
  user: ShellUser;
  open: boolean;
  onToggle: () => void;
  listId: string;
}) {
  const { t } = useTranslation();
  return (
    // Folded (below desktop): no rule under the header, or it doubles the card's own edge.
    <div
      className={`flex items-center gap-3 border-line px-4 py-4 desktop:border-b ${open ? "border-b" : ""}`}
    >
      <Avatar user={user} size="size-10" tone="light" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{user.username}</p>
        {user.groupDiscount > 0 ? (
          <p className="text-[0.8rem] font-semibold text-[#7a5c1c]">
            {user.groupName ? `${user.groupName} · ` : ""}
            {t("header.discount", { discount: user.groupDiscount })}
          </p>
        ) : (
          <p className="text-[0.8rem] text-muted">{t("header.accountNav")}</p>
        )}
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
        className={`inline-flex size-10 items-center justify-center rounded-md text-primary-dark hover:bg-primary-dark/5 desktop:hidden ${FOCUS_ON_LIGHT}`}
        data-testid="account-sidebar-toggle"
      >
        <ChevronDownIcon className={`size-5 transition-transform ${open ? "rotate-180" : ""}`} />
        <span className="sr-only">{t("header.accountNav")}</span>
      </button>
    </div>
  );
}

/** The account pages' links with their counts; `active` is the current one (-1 for none). */
function AccountSidebarLinks({
  links,
  paths,
  active,
}: {
  links: ReturnType<typeof useAccountLinks>;
  paths: string[];
  active: number;
}) {
  return (
    <ul className="space-y-0.5">
      {links.map((link, index) => {
        const current = index === active;
        return (
          <li key={link.page}>
            <Link
              to={paths[index]}
              aria-current={current ? "page" : undefined}
              className={`flex items-center gap-3 rounded-md px-3 py-2 text-[0.9rem] transition-colors ${
                current
                  ? "bg-primary-dark font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary"
                  : `text-ink hover:bg-primary-dark/5 ${FOCUS_ON_LIGHT}`
              }`}
              data-testid={`account-sidebar-${link.page}`}
            >
              <link.Icon className={`size-5 shrink-0 ${current ? "text-secondary" : "text-primary"}`} />
              <span className="min-w-0">{link.label}</span>
              <AccountLinkCounts link={link} inverted={current} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The account pages' sidebar (docs/product/screens.md, "Parts of every page"): add advertisement,
 * overview, my advertisements (total count), auctions, messages (new count), invoice info,
 * newsletters and logout; the current page is highlighted. On small screens it folds into a block
 * titled with the current page. Renders nothing for guests.
 */
export function AccountSidebar({ className = "" }: { className?: string }) {
  const { locale, t } = useTranslation();
  const user = useShellData()?.user ?? null;
  const links = useAccountLinks("sidebar");
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!user) return null;

  const paths = links.map((link) => localePath(link.page, locale));
  const addPath = localePath("accountAdvertisementAdd", locale);
  const onAdd = pathname === addPath;
  // On the add page the add button is the current place, not a link of the list.
  const active = onAdd ? -1 : activeIndex(paths, pathname);

  return (
    <nav
      aria-label={t("header.accountNav")}
      className={`rounded-xl border border-line bg-white ${className}`}
      data-testid="account-sidebar"
    >
      <AccountSidebarTitle
        user={user}
        open={open}
        onToggle={() => setOpen((value) => !value)}
        listId={listId}
      />
      <div id={listId} className={`${open ? "block" : "hidden"} p-3 desktop:block`}>
        <Link
          to={addPath}
          aria-current={onAdd ? "page" : undefined}
          className={`mb-3 flex h-11 items-center justify-center gap-2 rounded-md bg-secondary font-semibold text-ink shadow-sm transition-colors hover:bg-[#d2ab55] ${FOCUS_ON_LIGHT}`}
          data-testid="account-sidebar-add"
        >
          <PlusIcon className="size-5" />
          {t("header.addAuction")}
        </Link>
        <AccountSidebarLinks links={links} paths={paths} active={active} />
        <div className="mt-2 border-t border-line pt-2">
          <LogoutForm
            className={`flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-[0.9rem] text-danger hover:bg-danger/5 ${FOCUS_ON_LIGHT}`}
          />
        </div>
      </div>
    </nav>
  );
}
