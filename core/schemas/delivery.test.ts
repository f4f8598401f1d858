import { describe, expect, it } from "vitest";
import { issuesToFieldErrors } from "../validation/field-errors.ts";
import { deliveryOptionsSchema, MAX_DELIVERY_PRICE_MINOR } from "./delivery.ts";

const errors = (value: unknown, locale: "cs" | "en" = "cs") =>
  issuesToFieldErrors(deliveryOptionsSchema.safeParse(value).error?.issues ?? [], locale);

describe("a listing's delivery options", () => {
  it("takes carriers with prices and pickup with a town, trimmed", () => {
    const parsed = deliveryOptionsSchema.safeParse([
      { carrier: "zasilkovna", priceMinor: 8900 },
      { carrier: "ceska_posta", priceMinor: 0 },
      { carrier: "pickup", town: "  Brno " },
    ]);
    expect(parsed.data).toEqual([
      { carrier: "zasilkovna", priceMinor: 8900 },
      { carrier: "ceska_posta", priceMinor: 0 },
      { carrier: "pickup", town: "Brno" },
    ]);
  });

  it("wants at least one option and no carrier twice", () => {
    expect(errors([])).toEqual({ _: ["Nabídněte alespoň jeden způsob doručení."] });
    expect(
      errors([
        { carrier: "ppl", priceMinor: 9900 },
        { carrier: "ppl", priceMinor: 12900 },
      ]),
    ).toEqual({ "1.carrier": ["Každého dopravce lze nabídnout jen jednou."] });
    expect(
      errors(
        [
          { carrier: "pickup", town: "Brno" },
          { carrier: "pickup", town: "Praha" },
        ],
        "en",
      ),
    ).toEqual({ "1.carrier": ["Each carrier can be offered only once."] });
  });

  it("refuses a negative, fractional or too high price, and a town too short or long", () => {
    expect(
      errors([
        { carrier: "dpd", priceMinor: -1 },
        { carrier: "gls", priceMinor: 99.5 },
        { carrier: "ppl", priceMinor: MAX_DELIVERY_PRICE_MINOR + 1 },
        { carrier: "pickup", town: " X " },
      ]),
    ).toEqual({
      "0.priceMinor": ["Zadejte cenu dopravy, nejméně 0\u00a0Kč."],
      "1.priceMinor": ["Zadejte cenu dopravy, nejméně 0\u00a0Kč."],
      "2.priceMinor": ["Cena dopravy může být nejvýše 2\u00a0000\u00a0Kč."],
      "3.town": ["Město osobního odběru musí mít 2 až 80 znaků."],
    });
    expect(errors([{ carrier: "pickup", town: "x".repeat(81) }])).toEqual({
      "0.town": ["Město osobního odběru musí mít 2 až 80 znaků."],
    });
  });

  it("refuses an unknown carrier, a pickup without a town and a carrier without a price", () => {
    expect(deliveryOptionsSchema.safeParse([{ carrier: "ups", priceMinor: 100 }]).success).toBe(false);
    expect(deliveryOptionsSchema.safeParse([{ carrier: "pickup" }]).success).toBe(false);
    expect(deliveryOptionsSchema.safeParse([{ carrier: "ppl" }]).success).toBe(false);
    expect(deliveryOptionsSchema.safeParse([{ carrier: "ppl", priceMinor: 1, town: "Brno" }]).success).toBe(
      false,
    );
  });
});
