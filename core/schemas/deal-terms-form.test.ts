import { describe, expect, it } from "vitest";
import {
  type DealTermsFormValues,
  DealTermsFormValuesSchema,
  dealTermsFormValues,
  dealTermsFromForm,
  dealTermsKindOf,
} from "./deal-terms-form.ts";
import { EMPTY_LISTING_FORM, ListingFormValuesSchema } from "./listing-form.ts";

/** The listing form's delivery section read into terms: what each kind of listing must and may offer. */

const empty = DealTermsFormValuesSchema.parse({});
const section = (values: Partial<DealTermsFormValues>): DealTermsFormValues => ({ ...empty, ...values });
const zasilkovnaAndPickup = section({
  delivery: ["zasilkovna", "pickup"],
  deliveryPrice_zasilkovna: "89",
  deliveryPrice_ppl: "120",
  pickupTown: " Praha ",
});

describe("the delivery section", () => {
  it("reads ticked carriers with their prices in crowns (a decimal comma too) and pickup with its town", () => {
    expect(dealTermsFromForm(zasilkovnaAndPickup, "auction")).toEqual({
      ok: true,
      terms: {
        paysThroughSite: false,
        deliveryOptions: [
          { carrier: "zasilkovna", priceMinor: 8900 },
          { carrier: "pickup", town: "Praha" },
        ],
      },
    });
    const decimals = dealTermsFromForm(
      section({ delivery: ["dpd"], deliveryPrice_dpd: "99,50 Kč" }),
      "auction",
    );
    expect(decimals.ok && decimals.terms?.deliveryOptions).toEqual([{ carrier: "dpd", priceMinor: 9950 }]);
  });

  it("requires delivery of an auction and of a classified that opts in, not of one that does not", () => {
    expect(dealTermsFromForm(empty, "auction")).toEqual({
      ok: false,
      errors: { delivery: ["validation.deliveryRequired"] },
    });
    expect(dealTermsFromForm(section({ paysThroughSite: "on" }), "fixedClassified")).toEqual({
      ok: false,
      errors: { delivery: ["validation.deliveryRequired"] },
    });
    expect(dealTermsFromForm(empty, "fixedClassified")).toEqual({ ok: true, terms: null });
    expect(dealTermsFromForm(empty, "classified")).toEqual({ ok: true, terms: null });
  });

  it("keeps the opt-in of a fixed-price classified only, and ignores the section of a demand ad", () => {
    const optIn = section({ ...zasilkovnaAndPickup, paysThroughSite: "on" });
    const fixed = dealTermsFromForm(optIn, "fixedClassified");
    expect(fixed.ok && fixed.terms?.paysThroughSite).toBe(true);
    const auction = dealTermsFromForm(optIn, "auction");
    expect(auction.ok && auction.terms?.paysThroughSite).toBe(false);
    expect(dealTermsFromForm(optIn, "demand")).toEqual({ ok: true, terms: null });
  });

  it("puts each problem on the field it was typed in", () => {
    const result = dealTermsFromForm(
      section({
        delivery: ["zasilkovna", "ppl", "gls", "pickup"],
        deliveryPrice_zasilkovna: "",
        deliveryPrice_ppl: "osmdesát",
        deliveryPrice_gls: "2 500",
        pickupTown: "P",
      }),
      "auction",
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        deliveryPrice_zasilkovna: ["validation.deliveryPrice"],
        deliveryPrice_ppl: ["validation.deliveryPrice"],
        deliveryPrice_gls: ["validation.deliveryPriceMax"],
        pickupTown: ["validation.deliveryTown"],
      },
    });
  });

  it("ignores the price of a carrier that is not ticked and a carrier it does not know", () => {
    const result = dealTermsFromForm(
      section({ delivery: ["pickup", "ups"], pickupTown: "Brno", deliveryPrice_ppl: "x" }),
      "auction",
    );
    expect(result).toEqual({
      ok: true,
      terms: { paysThroughSite: false, deliveryOptions: [{ carrier: "pickup", town: "Brno" }] },
    });
  });

  it("tells the kind from the listing's values: a supply ad with a price is an auction", () => {
    expect(dealTermsKindOf({ type: "supply", priceMode: "price" })).toBe("auction");
    expect(dealTermsKindOf({ type: "supply", priceMode: "agreement" })).toBe("classified");
    expect(dealTermsKindOf({ type: "demand", priceMode: "price" })).toBe("demand");
  });

  it("fills the section from stored terms and travels with the listing's values as posted", () => {
    const stored = dealTermsFormValues({
      paysThroughSite: true,
      deliveryOptions: [
        { carrier: "ceska_posta", priceMinor: 12_950 },
        { carrier: "pickup", town: "Cheb" },
      ],
    });
    expect(stored).toMatchObject({
      delivery: ["ceska_posta", "pickup"],
      deliveryPrice_ceska_posta: "129,50",
      pickupTown: "Cheb",
      paysThroughSite: "on",
    });
    expect(dealTermsFormValues(null)).toEqual(empty);
    const posted = ListingFormValuesSchema.parse({
      ...EMPTY_LISTING_FORM,
      delivery: "gls",
      deliveryPrice_gls: "79",
    });
    expect(posted).toMatchObject({ delivery: ["gls"], deliveryPrice_gls: "79", name: "" });
  });
});
