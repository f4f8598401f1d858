import { describe, expect, it } from "vitest";
import { KEPT_PRICES, keptPrice } from "#app/ui/format.ts";
import { formatPrice } from "#core/money/money.ts";

const czk = { code: "CZK", symbol_before: "", symbol_after: "Kč", rate: 1, decimals: 2 };
const eur = { code: "EUR", symbol_before: "€", symbol_after: "", rate: 25.2, decimals: 2 };

describe("keptPrice", () => {
  it("gives formatPrice's text for every currency, language and amount, kept or not", () => {
    for (const currency of [czk, eur, null])
      for (const locale of ["cs", "en"] as const)
        for (const minor of [0, 1, 99, 150_000, 210_000, 1_234_567_89, -5_000])
          for (let round = 0; round < 2; round++)
            expect(keptPrice(minor, currency, locale)).toBe(formatPrice(minor, currency, { locale }));
  });

  it("keeps texts per currency object: a changed rate (a new object) is formatted anew", () => {
    const before = keptPrice(2_520, { ...eur }, "cs");
    const changed = { ...eur, rate: 12.6 };
    expect(keptPrice(2_520, changed, "cs")).toBe(formatPrice(2_520, changed, { locale: "cs" }));
    expect(keptPrice(2_520, changed, "cs")).not.toBe(before);
  });

  it("stays right past its bound (a full map starts again)", () => {
    const currency = { ...czk };
    for (let minor = 0; minor < KEPT_PRICES + 10; minor++) keptPrice(minor * 100, currency, "cs");
    expect(keptPrice(100, currency, "cs")).toBe(formatPrice(100, currency, { locale: "cs" }));
  });

  it("passes an invalid rate's error on, as formatPrice does", () => {
    expect(() => keptPrice(100, { ...eur, rate: 0 }, "cs")).toThrow(RangeError);
  });
});
