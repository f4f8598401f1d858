import { useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { MenuLink } from "#app/shell.ts";
import { FOCUS_ON_DARK, FOCUS_ON_LIGHT } from "#app/ui/focus-and-avatar.ts";
import { ExternalIcon } from "#app/ui/icons.tsx";
import { SPA_LINK } from "#app/ui/spa-links.tsx";

/**
 * Links starting with http leave the site (docs/product/screens.md, "Parts of every page"): a new tab,
 * without opener or referrer.
 */
export function isExternalLink(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

/** Whether `link` is the page at `pathname` or one of its ancestors (React Router's NavLink rule). */
function isCurrent(link: string, pathname: string): boolean {
  const path = link
    .split(/[?#]/)[0]
    .replace(/(.)\/+$/, "$1")
    .toLowerCase();
  const here = pathname.toLowerCase();
  return here === path || (path !== "/" && here.startsWith(`${path}/`));
}

type TopMenuProps = {
  items: MenuLink[];
  /** "bar": a row on the dark header; "menu": a column in the mobile menu. */
  variant: "bar" | "menu";
  onNavigate?: () => void;
};

/** The top menu from the `topmenu` setting. */
export function TopMenu({ items, variant, onNavigate }: TopMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (items.length === 0) return null;
  const bar = variant === "bar";
  const itemClass = bar
    ? `relative inline-flex items-center gap-1 py-2 text-[0.85rem] font-medium tracking-wide text-white/90 transition-colors hover:text-white after:absolute after:inset-x-0 after:-bottom-px after:h-0.5 after:scale-x-0 after:bg-secondary after:transition-transform hover:after:scale-x-100 aria-[current=page]:text-white aria-[current=page]:after:scale-x-100 ${FOCUS_ON_DARK}`
    : `flex items-center justify-between gap-2 rounded-md px-3 py-2.5 font-medium text-ink hover:bg-primary-dark/5 aria-[current=page]:text-primary-dark aria-[current=page]:bg-primary-dark/5 ${FOCUS_ON_LIGHT}`;

  return (
    <nav aria-label={t("header.mainMenu")} data-testid={`top-menu-${variant}`}>
      <ul className={bar ? "flex items-center gap-x-6" : "flex flex-col"}>
        {items.map((item) => (
          <li key={`${item.link}|${item.text}`}>
            {isExternalLink(item.link) ? (
              <a href={item.link} target="_blank" rel="noopener noreferrer" className={itemClass}>
                {item.text}
                <ExternalIcon className="size-3.5 opacity-70" />
                <span className="sr-only"> {t("header.opensInNewTab")}</span>
              </a>
            ) : (
              // A plain link (issue 18, ADR 0036), current on its page and below it as NavLink was.
              <a
                {...SPA_LINK}
                data-spa="prefetch"
                href={item.link}
                className={itemClass}
                onClick={onNavigate}
                aria-current={isCurrent(item.link, pathname) ? "page" : undefined}
              >
                {item.text}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
