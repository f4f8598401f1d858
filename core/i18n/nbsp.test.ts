import { describe, expect, it } from "vitest";
import { formatPrice, formatWholeNumber } from "../money/money.ts";
import { messages, translate } from "./index.ts";

/** Every text of a catalogue tree with its key. */
function texts(tree: unknown, prefix = ""): [string, string][] {
  if (typeof tree === "string") return [[prefix, tree]];
  if (tree === null || typeof tree !== "object") return [];
  return Object.entries(tree).flatMap(([key, value]) => texts(value, prefix ? `${prefix}.${key}` : key));
}

/**
 * "45 %" must never break between the number and its sign, nor "1 500 Kč" inside the amount: a
 * number (or a placeholder that becomes one) is followed by a unit, or by the next three digits,
 * only across a non-breaking space.
 */
const BREAKABLE = /(?:\d|\})[\u0020\u202f\u2009](?:%|Kč|CZK|€|EUR|\d{3}(?!\d))/;

describe("non-breaking spaces in amounts and percentages", () => {
  it("the catalogues never put a plain space between a number and its unit or thousands", () => {
    for (const locale of ["cs", "en"] as const) {
      const offending = texts(messages[locale]).filter(([, text]) => BREAKABLE.test(text));
      expect(offending, locale).toEqual([]);
    }
  });

  it("formatted percentages keep the number and the sign together", () => {
    expect(`${45}\u00a0%`).not.toMatch(BREAKABLE);
    expect(translate("cs", "header.discount", { discount: 45 })).toBe("sleva 45\u00a0%");
    // Intl's Czech percent already uses U+00A0; nothing in between may be a plain space.
    expect(new Intl.NumberFormat("cs-CZ", { style: "percent" }).format(0.45)).toBe("45\u00a0%");
  });

  it("formatted amounts hold together in both languages", () => {
    const euro = { code: "EUR", decimals: 2, rate: 25.2 };
    for (const locale of ["cs", "en"] as const) {
      for (const text of [
        formatPrice(123456789, null, { locale }),
        formatPrice(123456789, euro, { locale }),
        formatWholeNumber(1234567),
      ])
        expect(text, text).not.toMatch(/[\u0020\u202f\u2009]/);
    }
  });
});
