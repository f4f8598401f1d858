import { describe, expect, it } from "vitest";
import {
  EMPTY_LISTING_FORM,
  listingFormFromInput,
  listingInputFromForm,
  parseListingFormJson,
  readListingForm,
} from "./form-data.ts";

describe("the listing form", () => {
  const filled = {
    ...EMPTY_LISTING_FORM,
    category: "1",
    subcategory: "4",
    brand: "Hampden",
    package: "2",
    name: "Hampden 8",
    price: "1 500",
    reservePrice: "2000",
    description: "Popis",
    images: ["upl_0123456789abcdef0123456789abcdef", "17"],
  };

  it("becomes the API input: a supply ad with a price is an auction with its duration", () => {
    const { input, errors } = listingInputFromForm(filled);
    expect(errors).toEqual({});
    expect(input).toEqual({
      type: "supply",
      categoryId: 1,
      subcategoryId: 4,
      brand: "Hampden",
      packageId: 2,
      name: "Hampden 8",
      priceMinor: 150_000,
      reservePriceMinor: 200_000,
      description: "Popis",
      images: ["upl_0123456789abcdef0123456789abcdef", 17],
      activationAt: null,
      duration: "week",
    });
  });

  it("by agreement drops the price, the reserve and the duration; a demand ad has none either", () => {
    const agreement = listingInputFromForm({ ...filled, priceMode: "agreement" }).input;
    expect(agreement).toMatchObject({ priceMinor: null, reservePriceMinor: null, duration: null });
    const demand = listingInputFromForm({ ...filled, type: "demand", price: "" }).input;
    expect(demand).toMatchObject({ priceMinor: null, reservePriceMinor: null, duration: null });
  });

  it("reports what only the form can get wrong, under the API's field names", () => {
    expect(listingInputFromForm({ ...filled, price: "" }).errors).toEqual({
      priceMinor: "validation.required",
    });
    expect(listingInputFromForm({ ...filled, price: "patnáct" }).errors).toEqual({
      priceMinor: "listings.errors.price",
    });
    expect(listingInputFromForm({ ...filled, activation: "later", activationLocal: "" }).errors).toEqual({
      activationAt: "listings.errors.activationDate",
    });
    // Prague summer time: 10:00 is 08:00 UTC.
    expect(
      listingInputFromForm({ ...filled, activation: "later", activationLocal: "2026-07-01T10:00" }).input
        .activationAt,
    ).toBe("2026-07-01T08:00:00.000Z");
  });

  it("reads a posted form and its JSON round trip, ignoring what is not a string", () => {
    const form = new FormData();
    form.set("type", "demand");
    form.set("name", "Hledám Caroni");
    form.append("images", "upl_0123456789abcdef0123456789abcdef");
    form.append("images", "");
    form.append("images", new File(["x"], "x.png"));
    const values = readListingForm(form);
    expect(values).toMatchObject({
      type: "demand",
      name: "Hledám Caroni",
      priceMode: "price",
      activation: "now",
      images: ["upl_0123456789abcdef0123456789abcdef"],
    });
    expect(parseListingFormJson(JSON.stringify(values))).toEqual(values);
    expect(parseListingFormJson("{not json")).toEqual(EMPTY_LISTING_FORM);
    expect(parseListingFormJson(JSON.stringify({ name: 5, images: "x" }))).toEqual(EMPTY_LISTING_FORM);
  });

  it("fills the edit form from a stored listing", () => {
    expect(
      listingFormFromInput({
        type: "supply",
        categoryId: 1,
        subcategoryId: null,
        brand: null,
        packageId: 2,
        name: "N",
        priceMinor: null,
        description: "D",
        images: [5, 6],
        activationAt: "2026-01-10T09:00:00.000Z",
        duration: null,
      }),
    ).toMatchObject({
      category: "1",
      subcategory: "",
      priceMode: "agreement",
      price: "",
      images: ["5", "6"],
      activation: "later",
      activationLocal: "2026-01-10T10:00",
      duration: "week",
    });
  });
});
