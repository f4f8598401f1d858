import type { MouseEvent } from "react";
import { useRouteLoaderData } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ShellData } from "#app/shell.ts";
import { toggleWatched, useWishlist } from "./wishlist-store.ts";

export type WatchButtonProps = {
  productId: number;
  /** The product's name, for the button's accessible label ("Sledovat Macallan 18"). */
  productName?: string;
  /**
   * "icon": a round heart for the corner of a card (default); "button": a labelled button for the
   * detail page's auction block.
   */
  variant?: "icon" | "button";
  className?: string;
};

/**
 * Follows a product (the wishlist, "sledované aukce") for guests and signed-in users alike. Every
 * button on a page shares one loaded wishlist (wishlist-store.ts); a click toggles at once and
 * rolls back with a danger snackbar when the server refuses.
 */
export function WatchButton({ productId, productName, variant = "icon", className = "" }: WatchButtonProps) {
  const { locale, t } = useTranslation();
  const userId = (useRouteLoaderData("root") as ShellData | undefined)?.user?.id ?? null;
  const wishlist = useWishlist(userId, locale);
  const watched = wishlist.productIds.has(productId);
  const busy = wishlist.pending.has(productId);
  const label = productName
    ? t(watched ? "catalog.watch.removeNamed" : "catalog.watch.addNamed", { name: productName })
    : t(watched ? "catalog.watch.remove" : "catalog.watch.add");

  const onClick = (event: MouseEvent) => {
    // Cards are links as a whole; the heart must not open the product.
    event.preventDefault();
    event.stopPropagation();
    void toggleWatched(productId, userId, locale);
  };

  if (variant === "button")
    return (
      <button
        type="button"
        onClick={onClick}
        aria-pressed={watched}
        aria-busy={busy || undefined}
        aria-label={productName ? label : undefined}
        data-testid="watch-button"
        data-watched={watched}
        className={`inline-flex items-center justify-center gap-2 rounded-full border px-5 py-2.5 text-[0.9rem] font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark ${
          watched
            ? "border-secondary bg-secondary/10 text-ink hover:bg-secondary/20"
            : "border-primary-dark text-primary-dark hover:bg-primary-dark hover:text-white"
        } ${className}`}
      >
        <Heart filled={watched} className="size-5" />
        <span>{t(watched ? "catalog.watch.watching" : "catalog.watch.add")}</span>
      </button>
    );

  // The heart is the class's ::before, filled while data-watched (app.css: icons drawn by CSS).
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={watched}
      aria-busy={busy || undefined}
      aria-label={label}
      title={label}
      data-testid="watch-button"
      data-watched={watched}
      className={className ? `watch-icon ${className}` : "watch-icon"}
    />
  );
}

function Heart({ filled, className }: { filled: boolean; className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`icon-heart ${className}`}
      data-filled={filled || undefined}
      aria-hidden="true"
    >
      <path d="M12 20s-7.5-4.5-7.5-10.1A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.6C19.5 15.5 12 20 12 20z" />
    </svg>
  );
}
