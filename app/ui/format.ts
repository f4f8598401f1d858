import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { ShellData } from "#app/shell.ts";
import { formatWeekdayDateTime } from "#core/formats/dates.ts";
import type { Locale } from "#core/i18n/index.ts";
import { formatPrice, type PriceCurrency, selectCurrency } from "#core/money/money.ts";

/** The visitor's currency: the root loader's `currencies` and `currencyId` (cookie currencyId). */
export function useCurrency(): (PriceCurrency & { code: string }) | null {
  const shell = useRouteLoaderData("root") as ShellData | undefined;
  return selectCurrency(shell?.currencies ?? [], shell?.currencyId ?? null) ?? null;
}

/** How many formatted prices are kept per currency and language before they are dropped. */
export const KEPT_PRICES = 2000;

/**
 * The prices formatted so far, per currency (the root loader's objects, kept in memory until the
 * currencies change, then new ones) and language: a page of cards formats a few dozen, each an
 * exact decimal conversion and an Intl pass (issue 18: 2 to 3 % of a listing's CPU), and prices
 * repeat (the same goods, round amounts). Bounded: a full map is dropped and starts again.
 */
const keptPrices = new WeakMap<object, Map<string, string>>();
const keptWithoutCurrency = new Map<string, string>();

/** formatPrice's answer, kept: the same currency object, language and amount give the same text. */
export function keptPrice(minor: number, currency: PriceCurrency | null, locale: Locale): string {
  let kept = currency ? keptPrices.get(currency) : keptWithoutCurrency;
  if (!kept) {
    kept = new Map();
    keptPrices.set(currency as PriceCurrency, kept);
  }
  const key = `${locale}${minor}`;
  let text = kept.get(key);
  if (text === undefined) {
    text = formatPrice(minor, currency, { locale });
    if (kept.size >= KEPT_PRICES) kept.clear();
    kept.set(key, text);
  }
  return text;
}

/**
 * Formats CZK minor units in the visitor's currency as the page's language writes money
 * (`297,62 €` in Czech, `€297.62` in English), never wrapping inside a price.
 */
export function usePrice(): (minor: number) => string {
  const currency = useCurrency();
  const { locale } = useTranslation();
  return (minor) => keptPrice(minor, currency, locale);
}

export type CzkAmount = {
  /** The amount in CZK, as typed and charged: `5 100,00 Kč`. */
  czk: (minor: number) => string;
  /** `≈ 202,38 €` in the visitor's currency, or null when they browse in CZK. */
  approx: (minor: number) => string | null;
  /** The CZK amount followed by the hint: `5 100,00 Kč (≈ 202,38 €)`, for running text. */
  withHint: (minor: number) => string;
};

/**
 * Amounts a visitor types (bids, maximums) are CZK whatever currency they browse in: the CZK amount
 * comes first and the converted one is only an approximate hint, so the number above a field in
 * Kč is never a euro figure.
 */
export function useCzkAmount(): CzkAmount {
  const currency = useCurrency();
  const { locale } = useTranslation();
  const foreign = currency !== null && currency.code !== "CZK";
  const czk = (minor: number) => keptPrice(minor, null, locale);
  const approx = (minor: number) => (foreign ? `\u2248\u00a0${keptPrice(minor, currency, locale)}` : null);
  return {
    czk,
    approx,
    withHint: (minor) => {
      const hint = approx(minor);
      return hint ? `${czk(minor)} (${hint})` : czk(minor);
    },
  };
}

/** A date and time in Prague (docs/product/formats.md, "Dates and time"): `pátek 30. listopadu 2026 20:00` / `Friday 30 November 2026, 20:00`. */
export function formatDateTime(iso: string, locale: Locale): string {
  return formatWeekdayDateTime(iso, locale);
}

export type TimeLeftParts =
  | { kind: "ended" }
  | { kind: "days"; days: number; hours: number }
  | { kind: "hours"; hours: number; minutes: number }
  | { kind: "minutes"; minutes: number };

/** The time left until `endsAt` as the card shows it: `2 d 4 h`, `5 h 12 min`, `35 min`, ended. */
export function timeLeftParts(endsAt: string, now: number): TimeLeftParts {
  const ms = new Date(endsAt).getTime() - now;
  if (!(ms > 0)) return { kind: "ended" };
  const minutes = Math.floor(ms / 60_000);
  if (minutes >= 24 * 60)
    return { kind: "days", days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60) };
  if (minutes >= 60) return { kind: "hours", hours: Math.floor(minutes / 60), minutes: minutes % 60 };
  return { kind: "minutes", minutes: Math.max(1, minutes) };
}

/**
 * "Now" for time-dependent text: the server's instant for the first render (so the server's HTML
 * and the hydrated page agree), then the browser's clock, refreshed every `everyMs`.
 */
export function useNow(serverNow: string | undefined, everyMs = 30_000): number {
  const [now, setNow] = useState(() => (serverNow ? new Date(serverNow).getTime() : Date.now()));
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
