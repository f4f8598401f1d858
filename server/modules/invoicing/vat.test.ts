import { describe, expect, it } from "vitest";
import { invoiceNumber, splitVat } from "./vat.ts";

describe("VAT from a price that includes it", () => {
  it("is total × 21 / 121 rounded to whole haléře half up; base is the rest", () => {
    expect(splitVat(12_100)).toEqual({ baseMinor: 10_000, vatMinor: 2100 });
    // 29,00 Kč: VAT 5,0330… → 5,03 Kč.
    expect(splitVat(2900)).toEqual({ baseMinor: 2397, vatMinor: 503 });
    // 27,55 Kč: VAT 4,7814… → 4,78 Kč; 0,01 Kč: VAT 0,0017… → 0.
    expect(splitVat(2755)).toEqual({ baseMinor: 2277, vatMinor: 478 });
    expect(splitVat(1)).toEqual({ baseMinor: 1, vatMinor: 0 });
    // 6,05 Kč splits exactly: 5,00 Kč and 1,05 Kč (121 is odd: a half haléř never occurs).
    expect(splitVat(605)).toEqual({ baseMinor: 500, vatMinor: 105 });
    expect(splitVat(0)).toEqual({ baseMinor: 0, vatMinor: 0 });
  });

  it("numbers a year's series with six digits", () => {
    expect(invoiceNumber(2026, 1)).toBe("2026000001");
    expect(invoiceNumber(2027, 123_456)).toBe("2027123456");
  });
});
