import { describe, expect, it } from "vitest";
import {
  convertPriceMinor,
  DEFAULT_CURRENCY,
  formatPrice,
  formatWholeNumber,
  type PriceCurrency,
  selectCurrency,
} from "./money.ts";

const CZK = {
  id: 1,
  is_default: true,
  code: "CZK",
  symbol_before: null,
  symbol_after: " Kč",
  decimals: 2,
  rate: 1,
};
const EUR_BEFORE = {
  id: 2,
  is_default: false,
  code: "EUR",
  symbol_before: "€",
  symbol_after: null,
  decimals: 2,
  rate: 25,
};
/** The same euro without an ISO code: formatted from its API symbols. */
const EUR_SYMBOL: PriceCurrency = { symbol_before: "€", symbol_after: null, decimals: 2, rate: 25 };
const EUR_AFTER: PriceCurrency = { symbol_before: null, symbol_after: " €", decimals: 2, rate: 25 };
const NBSP = "\u00a0";
/** The expected text with every ASCII space made non-breaking, as the formatter writes it. */
const nb = (text: string) => text.replaceAll(" ", NBSP);

describe("formatPrice", () => {
  // Without an ISO code the currency's own API symbols are used (docs/product/formats.md, "Money").
  it("formats CZK 1 500 as 1 500,00 Kč", () => {
    expect(formatPrice(150000, CZK)).toBe(nb("1 500,00 Kč"));
  });

  it("converts by the rate and places the symbol before or after", () => {
    expect(formatPrice(150000, EUR_SYMBOL)).toBe("€60,00");
    expect(formatPrice(150000, EUR_AFTER)).toBe(nb("60,00 €"));
  });

  it("does not convert when told not to", () => {
    expect(formatPrice(150000, EUR_SYMBOL, { convert: false })).toBe(nb("€1 500,00"));
    expect(formatPrice(150000, { ...EUR_SYMBOL, rate: 0 }, { convert: false })).toBe(nb("€1 500,00"));
  });

  it("treats a symbol with or without its own space the same", () => {
    expect(formatPrice(150000, { ...CZK, symbol_after: "Kč" })).toBe(nb("1 500,00 Kč"));
    expect(formatPrice(150000, { ...CZK, symbol_after: "  Kč " })).toBe(nb("1 500,00 Kč"));
    expect(formatPrice(150000, { ...EUR_SYMBOL, symbol_before: "€ " })).toBe("€60,00");
  });

  it("separates a letter symbol before the number by a space", () => {
    expect(formatPrice(150000, { symbol_before: "CHF", symbol_after: null, decimals: 2, rate: 25 })).toBe(
      nb("CHF 60,00"),
    );
  });

  it("formats zero, small amounts and millions", () => {
    expect(formatPrice(0, CZK)).toBe(nb("0,00 Kč"));
    expect(formatPrice(1, CZK)).toBe(nb("0,01 Kč"));
    expect(formatPrice(99, CZK)).toBe(nb("0,99 Kč"));
    expect(formatPrice(99999, CZK)).toBe(nb("999,99 Kč"));
    expect(formatPrice(100000, CZK)).toBe(nb("1 000,00 Kč"));
    expect(formatPrice(123456789, CZK)).toBe(nb("1 234 567,89 Kč"));
    expect(formatPrice(123456789000, CZK)).toBe(nb("1 234 567 890,00 Kč"));
  });

  it("puts the minus sign first and never shows a negative zero", () => {
    expect(formatPrice(-150000, CZK)).toBe(nb("-1 500,00 Kč"));
    expect(formatPrice(-150000, EUR_SYMBOL)).toBe("-€60,00");
    expect(formatPrice(-1, { ...CZK, decimals: 0 })).toBe(nb("0 Kč"));
    expect(formatPrice(-0, CZK)).toBe(nb("0,00 Kč"));
  });

  it("uses the currency's decimals, 2 when missing or invalid", () => {
    expect(formatPrice(150000, { ...CZK, decimals: 0 })).toBe(nb("1 500 Kč"));
    expect(formatPrice(150049, { ...CZK, decimals: 0 })).toBe(nb("1 500 Kč"));
    expect(formatPrice(150050, { ...CZK, decimals: 0 })).toBe(nb("1 501 Kč"));
    expect(formatPrice(-150050, { ...CZK, decimals: 0 })).toBe(nb("-1 501 Kč"));
    expect(formatPrice(150000, { ...CZK, decimals: 3 })).toBe(nb("1 500,000 Kč"));
    expect(formatPrice(150000, { ...CZK, decimals: null })).toBe(nb("1 500,00 Kč"));
    expect(formatPrice(150000, { ...CZK, decimals: -1 })).toBe(nb("1 500,00 Kč"));
    expect(formatPrice(150000, { ...CZK, decimals: 1.5 })).toBe(nb("1 500,00 Kč"));
  });

  it("rounds half away from zero without float error (1.005 -> 1,01)", () => {
    // 201 haléřů at rate 2 = 1.005 units; (201 / 100 / 2).toFixed(2) gives "1.00" in floats.
    expect(formatPrice(201, { ...EUR_SYMBOL, rate: 2 })).toBe("€1,01");
    // 30 haléřů at rate 20 = 0.015 units; (30 / 100 / 20).toFixed(2) gives "0.01" in floats.
    expect(formatPrice(30, { ...EUR_SYMBOL, rate: 20 })).toBe("€0,02");
    expect(formatPrice(2010, { ...EUR_SYMBOL, rate: 20 })).toBe("€1,01");
    expect(formatPrice(-2010, { ...EUR_SYMBOL, rate: 20 })).toBe("-€1,01");
    // A fractional amount of haléře is accepted too: 100.5 haléřů = 1.005 Kč.
    expect(formatPrice(100.5, CZK)).toBe(nb("1,01 Kč"));
    expect(formatPrice(2009, { ...EUR_SYMBOL, rate: 20 })).toBe("€1,00");
    // Fractional rates: 1000 CZK at 24.35 CZK/EUR = 41.0677... EUR.
    expect(formatPrice(100000, { ...EUR_SYMBOL, rate: 24.35 })).toBe("€41,07");
    // 1 CZK at 0.000001 CZK per unit = 1 000 000 units (exponent spelling of the rate).
    expect(formatPrice(100, { ...CZK, code: null, symbol_after: "X", rate: 1e-6 })).toBe(
      nb("1 000 000,00 X"),
    );
  });

  it("falls back to CZK when no currency is loaded", () => {
    expect(formatPrice(150000, null)).toBe(nb("1 500,00 Kč"));
    expect(formatPrice(150000, undefined)).toBe(nb("1 500,00 Kč"));
    expect(DEFAULT_CURRENCY.code).toBe("CZK");
  });

  it("formats without any symbol", () => {
    expect(formatPrice(150000, { rate: 1 })).toBe(nb("1 500,00"));
  });

  it("writes non-breaking spaces unless told not to", () => {
    expect(formatPrice(123456789, CZK)).toBe(`1${NBSP}234${NBSP}567,89${NBSP}Kč`);
    expect(formatPrice(123456789, CZK, { nonBreaking: false })).toBe("1 234 567,89 Kč");
    expect(formatPrice(150000, EUR_AFTER, { nonBreaking: false })).toBe("60,00 €");
  });

  it("refuses an invalid rate or amount", () => {
    expect(() => formatPrice(100, { ...CZK, rate: 0 })).toThrow(RangeError);
    expect(() => formatPrice(100, { ...CZK, rate: -25 })).toThrow(RangeError);
    expect(() => formatPrice(100, { ...CZK, rate: Number.NaN })).toThrow(RangeError);
    expect(() => formatPrice(Number.POSITIVE_INFINITY, CZK)).toThrow(RangeError);
    expect(() => formatPrice(Number.NaN, CZK)).toThrow(RangeError);
  });
});

describe("formatPrice in the page's language (Intl)", () => {
  const EUR = { code: "EUR", symbol_before: "€", symbol_after: null, decimals: 2, rate: 25.2 };

  it("writes euro after the number in Czech, with a non-breaking space", () => {
    // 7 500 Kč at 25.2 CZK/EUR = 297.619... EUR.
    expect(formatPrice(750000, EUR, { locale: "cs" })).toBe("297,62\u00a0€");
    expect(formatPrice(750000, EUR)).toBe("297,62\u00a0€");
    expect(formatPrice(75000000, EUR, { locale: "cs" })).toBe("29\u00a0761,90\u00a0€");
  });

  it("writes euro before the number in English", () => {
    expect(formatPrice(750000, EUR, { locale: "en" })).toBe("€297.62");
    expect(formatPrice(75000000, EUR, { locale: "en" })).toBe("€29,761.90");
  });

  it("writes crowns with the symbol after in Czech, by ISO code in English", () => {
    expect(formatPrice(510000, CZK, { locale: "cs" })).toBe("5\u00a0100,00\u00a0Kč");
    expect(formatPrice(510000, null, { locale: "cs" })).toBe("5\u00a0100,00\u00a0Kč");
    expect(formatPrice(510000, { ...CZK, decimals: 0 }, { locale: "cs" })).toBe("5\u00a0100\u00a0Kč");
    expect(formatPrice(510000, CZK, { locale: "en" })).toBe("CZK\u00a05,100.00");
  });

  it("keeps exact rounding, the minus first and no negative zero", () => {
    expect(formatPrice(201, { ...EUR, rate: 2 }, { locale: "cs" })).toBe("1,01\u00a0€");
    expect(formatPrice(-150000, { ...EUR, rate: 25 }, { locale: "cs" })).toBe("-60,00\u00a0€");
    expect(formatPrice(-150000, { ...EUR, rate: 25 }, { locale: "en" })).toBe("-€60.00");
    expect(formatPrice(-1, { ...CZK, decimals: 0 }, { locale: "cs" })).toBe("0\u00a0Kč");
  });

  it("writes the site's currencies without Intl exactly as Intl writes them (ADR 0151)", () => {
    const amounts = [0, 1, -1, 99, 100, 12345, -12345, 100000, 510000, 99999999, 123456789012, -7];
    for (const [locale, tag] of [
      ["cs", "cs-CZ"],
      ["en", "en-GB"],
    ] as const)
      for (const code of ["CZK", "EUR"])
        for (const decimals of [0, 2, 3]) {
          const intl = new Intl.NumberFormat(tag, {
            style: "currency",
            currency: code,
            currencyDisplay: locale === "cs" ? "narrowSymbol" : "symbol",
            minimumFractionDigits: decimals,
            maximumFractionDigits: decimals,
          });
          for (const minor of amounts) {
            const currency = { code, decimals, rate: 1 };
            // The amount Intl is given: the same exact decimal formatPrice rounds to.
            const units = Math.round((minor / 100) * 10 ** decimals);
            const exact = (units / 10 ** decimals).toFixed(decimals);
            const expected = intl
              .format(exact as Intl.StringNumericLiteral)
              .replace(/[\u0020\u202f\u2009]/g, "\u00a0");
            if (units === 0 && minor < 0) continue; // Intl keeps "-0,00"; formatPrice never signs a zero.
            expect(formatPrice(minor, currency, { locale }), `${tag} ${code} ${decimals} ${minor}`).toBe(
              expected.replace(/\u2212/g, "-"),
            );
          }
        }
  });

  it("never leaves a plain or narrow space between digits or before the unit", () => {
    for (const locale of ["cs", "en"] as const)
      for (const currency of [CZK, EUR])
        expect(formatPrice(123456789, currency, { locale })).not.toMatch(/[ \u202f\u2009]/);
  });
});

describe("convertPriceMinor", () => {
  it("returns the converted amount in the target currency's minor units", () => {
    expect(convertPriceMinor(150000, EUR_BEFORE)).toBe(6000);
    expect(convertPriceMinor(2010, { ...EUR_BEFORE, rate: 20 })).toBe(101);
    expect(convertPriceMinor(150050, { ...CZK, decimals: 0 })).toBe(1501);
    expect(convertPriceMinor(150000, CZK)).toBe(150000);
  });
});

describe("formatWholeNumber", () => {
  it("groups thousands with spaces", () => {
    expect(formatWholeNumber(1500)).toBe(nb("1 500"));
    expect(formatWholeNumber(0)).toBe("0");
    expect(formatWholeNumber(999)).toBe("999");
    expect(formatWholeNumber(1000)).toBe(nb("1 000"));
    expect(formatWholeNumber(1234567)).toBe(nb("1 234 567"));
    expect(formatWholeNumber(-1234567)).toBe(nb("-1 234 567"));
  });

  it("rounds fractions half away from zero", () => {
    expect(formatWholeNumber(1500.5)).toBe(nb("1 501"));
    expect(formatWholeNumber(1500.49)).toBe(nb("1 500"));
    expect(formatWholeNumber(-2.5)).toBe("-3");
    expect(formatWholeNumber(-0.4)).toBe("0");
  });

  it("accepts numeric strings and gives an empty string for anything else", () => {
    expect(formatWholeNumber("1500")).toBe(nb("1 500"));
    expect(formatWholeNumber(" 2500.5 ")).toBe(nb("2 501"));
    expect(formatWholeNumber("")).toBe("");
    expect(formatWholeNumber("abc")).toBe("");
    expect(formatWholeNumber(Number.NaN)).toBe("");
    expect(formatWholeNumber(Number.POSITIVE_INFINITY)).toBe("");
  });

  it("writes non-breaking spaces unless told not to", () => {
    expect(formatWholeNumber(1234567)).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatWholeNumber(1234567, { nonBreaking: false })).toBe("1 234 567");
  });
});

describe("selectCurrency", () => {
  const USD = { id: 3, is_default: false, code: "USD" };
  const list = [EUR_BEFORE, CZK, USD];

  it("selects the currency stored in the cookie", () => {
    expect(selectCurrency(list, 2)?.code).toBe("EUR");
    expect(selectCurrency(list, "3")?.code).toBe("USD");
    expect(selectCurrency(list, " 3 ")?.code).toBe("USD");
  });

  it("falls back to the default when the cookie is missing, unknown or garbage", () => {
    expect(selectCurrency(list, undefined)?.code).toBe("CZK");
    expect(selectCurrency(list, null)?.code).toBe("CZK");
    expect(selectCurrency(list, 99)?.code).toBe("CZK");
    expect(selectCurrency(list, "")?.code).toBe("CZK");
    expect(selectCurrency(list, "2abc")?.code).toBe("CZK");
    expect(selectCurrency(list, "0x2")?.code).toBe("CZK");
  });

  it("falls back to the first when none is flagged default, undefined when empty", () => {
    expect(selectCurrency([EUR_BEFORE, USD], 99)?.code).toBe("EUR");
    expect(selectCurrency([], 1)).toBeUndefined();
  });
});
