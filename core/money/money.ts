import { divideRounded, groupThousands, toDecimal } from "../formats/decimal.ts";
import { DECIMAL_MARKS } from "../formats/numbers.ts";

/**
 * Price formatting (docs/product/formats.md, "Money"). Prices are stored as integer
 * minor units of CZK (haléře); the display divides by the selected currency's rate (CZK per unit),
 * rounds to the currency's decimals and writes the amount as the page's language writes money:
 * `1 500,00 Kč` and `297,62 €` in Czech (space-separated thousands, decimal comma, the symbol after
 * the number whatever the currency), `€297.62` and `CZK 1,500.00` in English. The language's
 * conventions are Intl.NumberFormat's; for the site's own currencies (CZK and EUR) they are written
 * here without Intl, character for character as Intl writes them (ADR 0151: a browser tab's first
 * Intl formatter costs it 20 to 85 ms of loading ICU, and every listing page's first render writes
 * prices), others through one cached Intl formatter per language, currency and decimals; a
 * currency without an ISO code falls back to its own symbols from the API.
 *
 * Spaces: an amount must never break between its digits or before its unit, so every space the
 * formatter writes is a non-breaking one (U+00A0; Intl's narrow U+202F is written as U+00A0 too).
 * `{ nonBreaking: false }` gives plain ASCII spaces for machine-facing text.
 *
 * All arithmetic is done on BigInt from the numbers' shortest decimal spelling, so a value such as
 * 1.005 rounds to 1,01 (half away from zero) instead of suffering binary float error.
 */

/** The fields of an API currency that formatting needs (`GET /api/lists/currencies`). */
export type PriceCurrency = {
  /** ISO 4217 code (`CZK`, `EUR`); with it, Intl writes the amount as the page's language does. */
  code?: string | null;
  symbol_before?: string | null;
  symbol_after?: string | null;
  /** Digits after the decimal comma; missing or invalid means 2 (docs/product/formats.md, "Money"). */
  decimals?: number | null;
  /** CZK per one unit of the currency. */
  rate: number;
};

export type SelectableCurrency = { id: number; is_default: boolean };

export type FormatPriceOptions = {
  /** Divide by the currency's rate (default). `false` formats the CZK amount with the currency's look. */
  convert?: boolean;
  /** U+00A0 (default) or, with `false`, an ASCII space everywhere the formatter inserts a space. */
  nonBreaking?: boolean;
  /** The page's language (default Czech): decides the decimal mark, grouping and symbol place. */
  locale?: MoneyLocale;
};

export type MoneyLocale = "cs" | "en";

export type FormatNumberOptions = Pick<FormatPriceOptions, "nonBreaking">;

/** Used when no currency is loaded yet: prices are stored in CZK, so they are shown in CZK. */
export const DEFAULT_CURRENCY: PriceCurrency & { code: string } = {
  code: "CZK",
  symbol_before: null,
  symbol_after: " Kč",
  decimals: 2,
  rate: 1,
};

const DEFAULT_DECIMALS = 2;
const NBSP = "\u00a0";
const INTL_LOCALE: Record<MoneyLocale, string> = { cs: "cs-CZ", en: "en-GB" };
/**
 * How Intl writes the site's currencies (cs-CZ with the narrow symbol, en-GB with the symbol),
 * so that a page's prices need no Intl formatter (ADR 0151): the symbol after the number in Czech,
 * before it in English (a code such as CZK followed by a space), the minus sign first.
 * core/money/money.test.ts checks each against Intl.
 */
const WRITTEN: Record<MoneyLocale, Record<string, { before: string; after: string }>> = {
  cs: { CZK: { before: "", after: "Kč" }, EUR: { before: "", after: "€" } },
  en: { CZK: { before: "CZK", after: "" }, EUR: { before: "€", after: "" } },
};

/** The symbol Intl writes for one of the site's currencies in `locale` ("Kč", "CZK", "€"); undefined for others. */
export function writtenCurrencySymbol(code: string, locale: MoneyLocale): string | undefined {
  const written = WRITTEN[locale][code.trim().toUpperCase()];
  return written ? written.before || written.after : undefined;
}

/** Any space Intl may write inside a formatted number (NBSP, narrow NBSP, thin space, ASCII). */
const ANY_SPACE = /[\u0020\u00a0\u202f\u2009]/g;

/**
 * Building an Intl.NumberFormat costs far more than using one, and a listing formats dozens of
 * prices per render: one per language, currency and decimals, kept for the process's life (the
 * keys are few: two languages times the configured currencies).
 */
const currencyFormatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(locale: MoneyLocale, code: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${code}|${decimals}`;
  let formatter = currencyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: "currency",
      currency: code,
      // Czech writes "Kč", "€", "$" after the number; English "CZK 1,500.00", "€297.62", "US$".
      currencyDisplay: locale === "cs" ? "narrowSymbol" : "symbol",
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    currencyFormatters.set(key, formatter);
  }
  return formatter;
}

/** Signed minor units as an exact decimal string ("-5100.05") that Intl formats without float error. */
function unitsToDecimalString(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/**
 * The currency's decimals when they are a sane non-negative integer, else the default 2
 * (docs/product/formats.md, "Money").
 */
function decimalsOf(currency: PriceCurrency): number {
  const { decimals } = currency;
  return typeof decimals === "number" && Number.isInteger(decimals) && decimals >= 0 && decimals <= 20
    ? decimals
    : DEFAULT_DECIMALS;
}

/** CZK minor units -> target currency minor units (at `decimals` digits), exactly rounded. */
function toTargetMinor(priceMinor: number, rate: number, decimals: number): bigint {
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`Invalid currency rate: ${rate}`);
  const price = toDecimal(priceMinor);
  const r = toDecimal(rate);
  // priceMinor / 100 / rate * 10^decimals, with both decimals' scales moved into integer powers.
  const numerator = price.digits * 10n ** BigInt(r.scale + decimals);
  const denominator = r.digits * 10n ** BigInt(price.scale + 2);
  return divideRounded(numerator, denominator);
}

/**
 * Writes |units| / 10^decimals with `locale`'s grouping and decimal mark (core/formats/numbers.ts),
 * a space-grouping language's space being the one the caller asked for (U+00A0 or ASCII).
 */
function formatUnits(absUnits: bigint, decimals: number, space: string, locale: MoneyLocale): string {
  const marks = DECIMAL_MARKS[locale];
  const digits = absUnits.toString().padStart(decimals + 1, "0");
  const whole = groupThousands(
    digits.slice(0, digits.length - decimals),
    marks.group === NBSP ? space : marks.group,
  );
  return decimals > 0 ? `${whole}${marks.decimal}${digits.slice(digits.length - decimals)}` : whole;
}

/**
 * A price in the target currency's minor units (e.g. euro cents), rounded half away from zero.
 * Useful where a converted amount is compared or sent, not only shown.
 */
export function convertPriceMinor(priceMinor: number, currency: PriceCurrency): number {
  return Number(toTargetMinor(priceMinor, currency.rate, decimalsOf(currency)));
}

/**
 * Formats a price stored in CZK minor units: `150000` -> `1 500,00 Kč`; with EUR at rate 25 ->
 * `60,00 €` in Czech, `€60.00` in English. All spaces are U+00A0 unless `nonBreaking: false`.
 *
 * With an ISO code the language's own conventions apply (Intl). Without one, the currency's API
 * symbols are used: symbols are trimmed and re-spaced so the API may store them with or without
 * their own space (" Kč" and "Kč" both give `1 500,00 Kč`): a symbol after the number is always
 * preceded by one space; a symbol before it is attached (`€60,00`) unless it ends in a letter
 * (`CHF 60,00`). A minus sign goes first, and an amount that rounds to zero is unsigned. Without a
 * currency (not loaded yet) CZK is used. An invalid rate throws a RangeError rather than show a
 * CZK amount under a foreign symbol.
 */
export function formatPrice(
  priceMinor: number,
  currency: PriceCurrency | null | undefined,
  { convert = true, nonBreaking = true, locale = "cs" }: FormatPriceOptions = {},
): string {
  const shown = currency ?? DEFAULT_CURRENCY;
  const space = nonBreaking ? NBSP : " ";
  const decimals = decimalsOf(shown);
  const units = toTargetMinor(priceMinor, convert ? shown.rate : 1, decimals);
  const code = shown.code?.trim().toUpperCase();
  // The site's own currencies are placed like API symbols, with the language's marks (ADR 0151).
  const written = code ? WRITTEN[locale][code] : undefined;
  if (!written && code && /^[A-Z]{3}$/.test(code)) {
    return currencyFormatter(locale, code, decimals)
      .format(unitsToDecimalString(units, decimals) as Intl.StringNumericLiteral)
      .replace(ANY_SPACE, space)
      .replace(/\u2212/g, "-");
  }
  const negative = units < 0n;
  const amount = formatUnits(negative ? -units : units, decimals, space, written ? locale : "cs");
  const before = written ? written.before : (shown.symbol_before?.trim() ?? "");
  const after = written ? written.after : (shown.symbol_after?.trim() ?? "");
  const prefix = before ? `${before}${/\p{L}$/u.test(before) ? space : ""}` : "";
  const suffix = after ? `${space}${after}` : "";
  return `${negative ? "-" : ""}${prefix}${amount}${suffix}`;
}

/**
 * The currency filter (docs/product/formats.md, "Money"): a whole number with space-separated
 * thousands (`1500` -> `1 500`; U+00A0 unless `nonBreaking: false`).
 * Fractions round half away from zero; numeric strings are accepted (filter inputs are often text);
 * anything that is not a finite number gives an empty string so a bad value never shows "NaN".
 */
export function formatWholeNumber(
  value: number | string,
  { nonBreaking = true }: FormatNumberOptions = {},
): string {
  const number = typeof value === "string" ? (value.trim() === "" ? Number.NaN : Number(value)) : value;
  if (!Number.isFinite(number)) return "";
  const { digits, scale } = toDecimal(number);
  const rounded = divideRounded(digits, 10n ** BigInt(scale));
  const negative = rounded < 0n;
  const text = groupThousands((negative ? -rounded : rounded).toString(), nonBreaking ? NBSP : " ");
  return negative ? `-${text}` : text;
}

/**
 * The selected currency (docs/product/formats.md, "Money"): the one stored in the currencyId cookie
 * if it still exists, else the one flagged default, else the first; undefined for an empty list.
 * The cookie value may arrive as text; only a plain decimal id counts.
 */
export function selectCurrency<T extends SelectableCurrency>(
  currencies: readonly T[],
  cookieCurrencyId: number | string | null | undefined,
): T | undefined {
  const id =
    typeof cookieCurrencyId === "string"
      ? /^\d+$/.test(cookieCurrencyId.trim())
        ? Number(cookieCurrencyId.trim())
        : Number.NaN
      : cookieCurrencyId;
  return (
    currencies.find((currency) => currency.id === id) ??
    currencies.find((currency) => currency.is_default) ??
    currencies[0]
  );
}
