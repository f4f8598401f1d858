/**
 * Last viewed products (docs/product/screens.md, "Client state"): kept in local storage under
 * `last_viewed_products` as `{ [locale]: Item[] }`, at most 3 per locale, newest first; viewing one
 * already in the list moves it to the front (with the fresh data, e.g. a changed price).
 *
 * Local storage can hold anything (old versions, other scripts, manual edits), so parsing keeps
 * only well-formed items of known locales and never throws. An item's url must be a local path
 * (it becomes a link), so a stored `javascript:` or `//host` value is dropped.
 */
import { isLocale, type Locale } from "#core/i18n/index.ts";

export const LAST_VIEWED_STORAGE_KEY = "last_viewed_products";
export const LAST_VIEWED_LIMIT = 3;

/**
 * A stored item (docs/product/screens.md, "Client state"): tax_rate is the product's VAT rate, image
 * its main image.
 */
export type LastViewedItem = {
  id: number;
  name: string;
  url: string;
  is_price_sale_active: boolean;
  tax_rate: number;
  original_price: number | null;
  image: string | null;
  price: number;
};

export type LastViewedState = Partial<Record<Locale, LastViewedItem[]>>;

/** The state after viewing a product in a locale; other locales are untouched, nothing is mutated. */
export function addLastViewed(state: LastViewedState, locale: Locale, item: LastViewedItem): LastViewedState {
  const others = (state[locale] ?? []).filter((entry) => entry.id !== item.id);
  return { ...state, [locale]: [item, ...others].slice(0, LAST_VIEWED_LIMIT) };
}

/** A path on this site: rooted, not protocol-relative (`//`, `/\`), no whitespace or control characters. */
function isLocalUrl(value: unknown): value is string {
  return typeof value === "string" && /^\/(?![/\\])/.test(value) && !/[\s\p{Cc}]/u.test(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** A well-formed item with exactly the known fields, or null. */
function readItem(value: unknown): LastViewedItem | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const { id, name, url, is_price_sale_active, tax_rate, original_price, image, price } = value as Record<
    string,
    unknown
  >;
  const valid =
    typeof id === "number" &&
    Number.isSafeInteger(id) &&
    id > 0 &&
    typeof name === "string" &&
    isLocalUrl(url) &&
    typeof is_price_sale_active === "boolean" &&
    isFiniteNumber(tax_rate) &&
    (original_price === null || isFiniteNumber(original_price)) &&
    (image === null || typeof image === "string") &&
    isFiniteNumber(price);
  return valid ? { id, name, url, is_price_sale_active, tax_rate, original_price, image, price } : null;
}

/**
 * Reads the stored JSON. Garbage gives `{}`; within a locale, bad items are skipped, a repeated id
 * keeps its first (newest) occurrence, and the list is cut to 3.
 */
export function parseLastViewed(json: string | null | undefined): LastViewedState {
  if (typeof json !== "string") return {};
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return {};
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) return {};
  const state: LastViewedState = {};
  for (const [locale, list] of Object.entries(data)) {
    if (!isLocale(locale) || !Array.isArray(list)) continue;
    const items: LastViewedItem[] = [];
    for (const entry of list) {
      const item = readItem(entry);
      if (item && !items.some((kept) => kept.id === item.id)) items.push(item);
      if (items.length === LAST_VIEWED_LIMIT) break;
    }
    state[locale] = items;
  }
  return state;
}

/** The JSON to store. */
export function serializeLastViewed(state: LastViewedState): string {
  return JSON.stringify(state);
}
