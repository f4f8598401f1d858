import { useEffect, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import {
  addLastViewed,
  LAST_VIEWED_STORAGE_KEY,
  type LastViewedItem,
  type LastViewedState,
  parseLastViewed,
  serializeLastViewed,
} from "#app/lib/last-viewed.ts";
import { usePriceFormatter } from "#app/ui/dates-and-prices.ts";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import type { Locale } from "#core/i18n/index.ts";

/**
 * Last viewed products (docs/product/screens.md, "Client state"): local storage
 * `last_viewed_products`, per locale, 3 at most, newest first, a product seen again moves to the
 * front (app/lib/last-viewed.ts keeps those rules). The store below lets the list re-render when the detail page records a view.
 */
const EMPTY: LastViewedState = {};
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedState: LastViewedState = EMPTY;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(LAST_VIEWED_STORAGE_KEY);
  } catch {
    return null;
  }
}

function snapshot(): LastViewedState {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedState = parseLastViewed(raw);
  }
  return cachedState;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === LAST_VIEWED_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function recordLastViewed(locale: Locale, item: LastViewedItem): void {
  const next = addLastViewed(snapshot(), locale, item);
  try {
    window.localStorage.setItem(LAST_VIEWED_STORAGE_KEY, serializeLastViewed(next));
  } catch {
    // Storage full or blocked (private mode): the list is a convenience, nothing breaks.
    return;
  }
  for (const listener of listeners) listener();
}

/** Records the product as viewed once the page is shown (and again when another product opens). */
export function useRecordLastViewed(locale: Locale, item: LastViewedItem): void {
  const json = JSON.stringify(item);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised item is the dependency
  useEffect(() => {
    recordLastViewed(locale, item);
  }, [locale, json]);
}

export function useLastViewed(locale: Locale): LastViewedItem[] {
  const state = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  return state[locale] ?? [];
}

/**
 * The visitor's last viewed products in this language (without `excludeId`, the product being
 * looked at). Rendered only in the browser: the server cannot know the list.
 */
export function LastViewed({ excludeId, className = "" }: { excludeId?: number; className?: string }) {
  const { t, locale } = useTranslation();
  const price = usePriceFormatter();
  const items = useLastViewed(locale).filter((item) => item.id !== excludeId);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="last-viewed-title" className={className} data-testid="last-viewed">
      <h2 id="last-viewed-title" className="font-serif text-2xl text-primary-dark">
        {t("product.lastViewed.title")}
      </h2>
      <ul className="mt-4 grid gap-3 tablet:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={item.url}
              className="group flex items-center gap-4 rounded-xl bg-white p-3 ring-1 ring-line transition hover:ring-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
              data-testid="last-viewed-item"
              data-product-id={item.id}
            >
              <span className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-lg bg-light">
                {item.image ? (
                  <ResponsiveImage
                    src={item.image}
                    alt=""
                    width={64}
                    height={64}
                    sizes="72px"
                    widths={[160, 320]}
                    className="size-full object-contain p-1"
                  />
                ) : null}
              </span>
              <span className="min-w-0">
                <span className="line-clamp-2 text-sm font-medium text-ink group-hover:text-primary-dark">
                  {item.name}
                </span>
                <span className="mt-1 block text-sm">
                  {item.price > 0 ? (
                    <>
                      <strong className="font-semibold text-primary-dark">{price(item.price)}</strong>
                      {item.is_price_sale_active && item.original_price ? (
                        <s className="ml-2 text-xs text-muted">{price(item.original_price)}</s>
                      ) : null}
                    </>
                  ) : (
                    <strong className="font-semibold text-primary-dark">{t("common.byAgreement")}</strong>
                  )}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
