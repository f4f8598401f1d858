import { type CSSProperties, type ReactNode, useId, useRef } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate, formatMonthYear } from "#app/ui/dates-and-prices.ts";
import type { TrustBadges } from "#core/contracts/trust-badges.ts";
import { formatRating } from "#core/formats/rating.ts";
import type { Locale } from "#core/i18n/index.ts";
import { pluralKey } from "#core/i18n/plural.ts";

type BadgeKey = "age" | "trader" | "phone" | "deals" | "rating";
type Shown = { key: BadgeKey; label: string; explanation: string; icon: ReactNode };
type Translate = ReturnType<typeof useTranslation>["t"];

const tick = (
  <path
    d="M5 10.5l3 3 7-7"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  />
);
const ICONS: Record<BadgeKey, ReactNode> = {
  // A shield: proven, not declared.
  age: (
    <path
      d="M10 1.5l7 2.8v5c0 4.2-3 7.6-7 9.2-4-1.6-7-5-7-9.2v-5zM6.6 10l2.4 2.4 4.6-4.7"
      fillRule="evenodd"
    />
  ),
  phone: tick,
  trader: tick,
  deals: tick,
  rating: <path d="M10 2l2.4 5 5.6.8-4 3.9.9 5.5L10 14.6 5.1 17.2l.9-5.5-4-3.9 5.6-.8z" />,
};

/** A check's day (`2026-11-26`), or only its month (`2026-11`) where a bidder stays hidden. */
function when(on: string, locale: Locale): string {
  // The formats are made once per language (core/formats/dates.ts): a new Intl.DateTimeFormat
  // per badge was 3.7 % of a product page's render.
  return on.length > 7 ? formatDate(on, locale) : formatMonthYear(on, locale);
}

/** The badges an account earned, in a fixed order; those it did not earn are left out. */
function shownBadges(badges: TrustBadges, t: Translate, locale: Locale): Shown[] {
  const shown: Shown[] = [];
  const add = (key: BadgeKey, label: string, explanation: string) =>
    shown.push({ key, label, explanation, icon: ICONS[key] });
  if (badges.age)
    add(
      "age",
      t("trustBadges.age.badge"),
      t(`trustBadges.age.${badges.age.method}`, { date: when(badges.age.on, locale) }),
    );
  if (badges.trader)
    add(
      "trader",
      t("trustBadges.trader.badge"),
      t("trustBadges.trader.explain", { date: when(badges.trader.on, locale) }),
    );
  if (badges.phone)
    add(
      "phone",
      t("trustBadges.phone.badge"),
      t("trustBadges.phone.explain", { date: when(badges.phone.on, locale) }),
    );
  if (badges.completedDeals > 0)
    add(
      "deals",
      t(pluralKey(locale, "trustBadges.dealsCount", badges.completedDeals), { count: badges.completedDeals }),
      t("trustBadges.deals.explain"),
    );
  if (badges.rating)
    add(
      "rating",
      t("trustBadges.rating.badge", { average: formatRating(badges.rating.average, locale) }),
      t("trustBadges.rating.explain", { count: badges.rating.count }),
    );
  return shown;
}

/**
 * One badge: a button that opens its explanation (what was checked and when) on tap or click, as a
 * native popover that works before the page's script runs, and on hover once it has (issue 36,
 * item 5; docs/product/trust.md, "Badges"). The explanation sits under the badge where the
 * browser anchors popovers, else in the middle of the screen.
 */
function Badge({ badge, tone }: { badge: Shown; tone: "light" | "dark" }) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const anchor = `--badge-${id.replace(/[^a-zA-Z0-9]/g, "")}`;
  const show = () => {
    if (!panel.current?.matches(":popover-open")) panel.current?.showPopover();
  };
  const hide = () => {
    if (panel.current?.matches(":popover-open")) panel.current?.hidePopover();
  };
  return (
    <li className="list-none">
      <button
        type="button"
        popoverTarget={id}
        aria-describedby={id}
        onMouseEnter={show}
        onMouseLeave={hide}
        style={{ anchorName: anchor } as CSSProperties}
        className={`inline-flex min-h-7 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold text-[#1f5c44] ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 ${tone === "dark" ? "bg-white/95 ring-white/40 hover:bg-white focus-visible:outline-white" : "bg-success/10 ring-success/25 hover:bg-success/15 focus-visible:outline-primary-dark"}`}
        data-testid={`trust-badge-${badge.key}`}
      >
        <svg viewBox="0 0 20 20" className="size-3.5 shrink-0" aria-hidden="true" fill="currentColor">
          {ICONS[badge.key]}
        </svg>
        {badge.label}
      </button>
      <div
        id={id}
        ref={panel}
        popover="auto"
        role="tooltip"
        style={
          {
            positionAnchor: anchor,
            top: "anchor(bottom)",
            left: "anchor(left)",
            positionTryFallbacks: "flip-block, flip-inline",
          } as CSSProperties
        }
        className="max-w-72 rounded-xl bg-white p-3 text-sm leading-relaxed font-normal text-ink shadow-lg ring-1 ring-line supports-[anchor-name:--a]:m-0 supports-[anchor-name:--a]:mt-1.5"
        data-testid={`trust-badge-${badge.key}-explanation`}
      >
        {badge.explanation}
      </div>
    </li>
  );
}

/**
 * An account's badges (issue 36, item 5), each explaining itself; nothing when it has none. `omit`
 * leaves out what the page already shows its own way (the seller box's stars).
 */
export function TrustBadgeList({
  badges,
  omit = [],
  tone = "light",
  className = "",
}: {
  badges: TrustBadges | null | undefined;
  omit?: readonly BadgeKey[];
  /** On a dark card (the profile's header) the badges are white. */
  tone?: "light" | "dark";
  className?: string;
}) {
  const { t, locale } = useTranslation();
  if (!badges) return null;
  const shown = shownBadges(badges, t, locale).filter((badge) => !omit.includes(badge.key));
  if (shown.length === 0) return null;
  return (
    <ul
      aria-label={t("trustBadges.label")}
      className={`flex flex-wrap gap-1.5 p-0 ${className}`}
      data-testid="trust-badges"
    >
      {shown.map((badge) => (
        <Badge key={badge.key} badge={badge} tone={tone} />
      ))}
    </ul>
  );
}
