import { useTranslation } from "#app/i18n/use-translation.ts";
import { FOCUS_ON_DARK } from "#app/ui/focus-and-avatar.ts";
import { useShellData } from "#app/ui/live-counts.ts";
import { SPA_LINK } from "#app/ui/spa-links.tsx";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import { DEFAULT_CURRENCY, formatPrice } from "#core/money/money.ts";

/** The cart's total as the header writes it: whole crowns without ",00" ("3 980 Kč"), else with haléře. */
export function headerTotal(minor: number, locale: "cs" | "en"): string {
  const decimals = minor % 100 === 0 ? 0 : 2;
  return formatPrice(minor, { ...DEFAULT_CURRENCY, decimals }, { locale });
}

/**
 * The header's cart (docs/product/payments.md): a link to the cart with the pieces in it and their
 * total ("Košík 2 ks · 3 980 Kč"); on a phone the icon with the count, on a tablet the total beside
 * it, the whole said in its name.
 * The root loader reads it on every navigation, so an added line shows at once.
 */
export function CartLink() {
  const { t, locale } = useTranslation();
  const badge = useShellData()?.cart ?? null;
  const count = badge?.count ?? 0;
  const total = headerTotal(badge?.totalMinor ?? 0, locale);
  const label =
    count > 0
      ? t("shop.header.label", { count: t(pluralKey(locale, "shop.header.pieces", count), { count }), total })
      : `${t("shop.header.cart")}: ${t("shop.header.empty")}`;
  return (
    <a
      {...SPA_LINK}
      href={localePath("cart", locale)}
      className={`relative inline-flex h-11 shrink-0 items-center gap-2 rounded-full px-2 text-white/90 min-[360px]:px-2.5 transition-colors hover:bg-white/10 hover:text-white desktop:px-3 ${FOCUS_ON_DARK}`}
      data-testid="header-cart"
      data-count={count}
      data-total={badge?.totalMinor ?? 0}
    >
      <CartGlyph className="size-6 shrink-0" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 left-6 min-w-5 rounded-full bg-secondary px-1 text-center text-[0.7rem] leading-5 font-bold text-ink ring-2 ring-primary-dark desktop:hidden"
          data-testid="header-cart-count"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
      {/* Phones see the icon and the count, tablets the total too: the whole is said to screen readers. */}
      <span className="sr-only desktop:hidden">{label}</span>
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="hidden text-[0.9rem] font-semibold whitespace-nowrap tabular-nums tablet:inline desktop:hidden"
        >
          {total}
        </span>
      ) : null}
      <span className="hidden text-left leading-tight desktop:block">
        <span className="block text-[0.8rem] text-white/75">{t("shop.header.cart")}</span>
        <span className="block text-[0.9rem] font-semibold whitespace-nowrap tabular-nums">
          {count > 0
            ? `${t(pluralKey(locale, "shop.header.short", count), { count })} · ${total}`
            : t("shop.header.empty")}
        </span>
      </span>
    </a>
  );
}

/** The cart icon (the header and the buy box); here so the header does not load the buy box's form. */
export function CartGlyph({ className = "size-5" }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
      className={className}
    >
      <path
        d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9.5" cy="20" r="1.3" />
      <circle cx="17.5" cy="20" r="1.3" />
    </svg>
  );
}
