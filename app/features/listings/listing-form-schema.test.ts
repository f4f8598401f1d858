import { describe, expect, it } from "vitest";
import { parseForm } from "#app/ui/forms/conform.ts";
import { translate } from "#core/i18n/index.ts";
import {
  ContactSellerSchema,
  ContactUserSchema,
  ListingActionSchema,
  PromotionSchema,
} from "#core/schemas/listing.ts";
import {
  AddListingFormSchema,
  EditListingFormSchema,
  EMPTY_LISTING_FORM,
  type ListingFormValues,
  ListingFormValuesSchema,
  ListingUploadsSchema,
  listingFormErrors,
  listingFormFromInput,
} from "#core/schemas/listing-form.ts";

const TOKEN = "upl_0123456789abcdef0123456789abcdef";

const filled: ListingFormValues = {
  ...EMPTY_LISTING_FORM,
  category: "1",
  subcategory: "4",
  brand: "Hampden",
  package: "2",
  name: "Hampden 8",
  price: "1 500",
  reservePrice: "2000",
  description: "Popis, který má dost znaků.",
  images: [TOKEN, "17"],
};

/** The values as the browser posts them. */
function posted(values: ListingFormValues, intent = "preview") {
  const form = new FormData();
  form.set("intent", intent);
  for (const [key, value] of Object.entries(values))
    if (Array.isArray(value)) for (const item of value) form.append(key, item);
    else if (typeof value === "object")
      for (const [name, item] of Object.entries(value)) form.set(`${key}.${name}`, item);
    else form.set(key, value);
  return form;
}

const preview = (values: ListingFormValues) => parseForm(posted(values), AddListingFormSchema, "cs");
/** The checked input of a successful preview. */
const inputOf = (submission: ReturnType<typeof preview>) =>
  submission.status === "success" && "input" in submission.value ? submission.value.input : null;
const errorsOf = (values: ListingFormValues) => {
  const submission = preview(values);
  return submission.status === "error" ? submission.error : null;
};

describe("the listing form", () => {
  it("becomes the API input: a supply ad with a price is an auction with its duration", () => {
    const submission = preview(filled);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "preview",
      input: {
        type: "supply",
        format: null,
        categoryId: 1,
        subcategoryId: 4,
        brand: "Hampden",
        packageId: 2,
        name: "Hampden 8",
        priceMinor: 150_000,
        reservePriceMinor: 200_000,
        buyNowPriceMinor: null,
        description: "Popis, který má dost znaků.",
        images: [TOKEN, 17],
        activationAt: null,
        duration: "week",
        evidence: { photos: {}, fillLevel: null },
        attributes: {},
      },
    });
  });

  it("carries the category's attributes as posted under their dotted names, their problems under the same", () => {
    const submission = preview({ ...filled, attributes: { age_years: "12", bottler: "Gordon & MacPhail" } });
    expect(inputOf(submission)?.attributes).toEqual({ age_years: "12", bottler: "Gordon & MacPhail" });
    expect(listingFormErrors({ "attributes.age_years": ["Zadejte celé číslo."] })).toEqual({
      "attributes.age_years": ["Zadejte celé číslo."],
    });
  });

  it("by agreement drops the price, the reserve and the duration; a demand ad has none either", () => {
    const agreement = preview({ ...filled, priceMode: "agreement", price: "patnáct" });
    expect(inputOf(agreement)).toMatchObject({
      priceMinor: null,
      reservePriceMinor: null,
      duration: null,
    });
    const demand = preview({ ...filled, type: "demand", price: "" });
    expect(inputOf(demand)).toMatchObject({
      priceMinor: null,
      reservePriceMinor: null,
      duration: null,
    });
  });

  it("a fixed price is a classified at that price: no reserve, no duration; a stored one reads back as fixed", () => {
    const fixed = preview({ ...filled, priceMode: "fixed", price: "1 200", reservePrice: "2000" });
    expect(inputOf(fixed)).toMatchObject({
      format: "classified",
      priceMinor: 120_000,
      reservePriceMinor: null,
      duration: null,
    });
    expect(errorsOf({ ...filled, priceMode: "fixed", price: "" })).toEqual({
      price: ["Pole musí být vyplněno"],
    });
    const input = inputOf(fixed);
    expect(input && listingFormFromInput(input).priceMode).toBe("fixed");
  });

  it("reports what only the form can get wrong, under the form's field names", () => {
    expect(errorsOf({ ...filled, price: "", reservePrice: "" })).toEqual({
      price: ["Pole musí být vyplněno"],
    });
    expect(errorsOf({ ...filled, price: "patnáct", reservePrice: "" })).toEqual({
      price: [translate("cs", "listings.errors.price")],
    });
    expect(errorsOf({ ...filled, activation: "later", activationLocal: "" })).toEqual({
      activationLocal: [expect.any(String)],
    });
    // Prague summer time: 10:00 is 08:00 UTC.
    const later = preview({ ...filled, activation: "later", activationLocal: "2026-07-01T10:00" });
    expect(inputOf(later)?.activationAt).toBe("2026-07-01T08:00:00.000Z");
  });

  it("checks the API's rules and puts their problems on the form's fields", () => {
    expect(errorsOf({ ...EMPTY_LISTING_FORM, price: "20", name: "ab", images: [] })).toEqual({
      category: ["Vyberte prosím hodnotu."],
      package: ["Vyberte prosím hodnotu."],
      name: [expect.stringContaining("3")],
      description: ["Pole musí být vyplněno"],
      images: ["Přidejte prosím alespoň jeden obrázek."],
    });
    expect(errorsOf({ ...filled, reservePrice: "1 000" })).toEqual({ reservePrice: [expect.any(String)] });
    expect(listingFormErrors({ categoryId: ["a"], "images.2": ["b"], images: ["c"], name: ["d"] })).toEqual({
      category: ["a"],
      images: ["b", "c"],
      name: ["d"],
    });
  });

  it("keeps the values as typed, and reads the photos picked without scripts", () => {
    const form = posted({ ...EMPTY_LISTING_FORM, type: "demand", name: "Hledám Caroni", images: [TOKEN] });
    form.append("newImages", new File(["x"], "x.png"));
    form.append("newImages", new File([], ""));
    expect(ListingFormValuesSchema.parse(parseForm(form, AddListingFormSchema, "cs").payload)).toMatchObject({
      type: "demand",
      name: "Hledám Caroni",
      priceMode: "price",
      activation: "now",
      images: [TOKEN],
    });
    const uploads = parseForm(form, ListingUploadsSchema, "cs");
    expect(uploads.status === "success" && uploads.value.newImages.map((file) => file.name)).toEqual([
      "x.png",
    ]);
  });

  it("goes back from the preview unchecked, and knows the edit page's two buttons", () => {
    const back = parseForm(posted({ ...EMPTY_LISTING_FORM, name: "x" }, "back"), AddListingFormSchema, "cs");
    expect(back.status === "success" && back.value).toMatchObject({ intent: "back", name: "x" });
    const cancel = parseForm(posted(EMPTY_LISTING_FORM, "cancel"), EditListingFormSchema, "cs");
    expect(cancel.status === "success" && cancel.value).toEqual({ intent: "cancel" });
    const form = posted(filled);
    form.delete("intent");
    const save = parseForm(form, EditListingFormSchema, "cs");
    expect(save.status === "success" && save.value.intent).toBe("save");
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

describe("the other listing forms", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    return data;
  };

  it("reads My listings' row actions by their button; a bad id is no listing (0)", () => {
    const pay = parseForm(form({ intent: "pay", id: "12" }), ListingActionSchema, "cs");
    expect(pay.status === "success" && pay.value).toEqual({ intent: "pay", id: 12 });
    const bad = parseForm(form({ intent: "cancel", id: "x" }), ListingActionSchema, "cs");
    expect(bad.status === "success" && bad.value).toEqual({ intent: "cancel", id: 0 });
    expect(parseForm(form({ intent: "delete", id: "12" }), ListingActionSchema, "cs").status).toBe("error");
  });

  it("takes a promotion's days as a whole number", () => {
    const days = parseForm(form({ days: "7" }), PromotionSchema, "cs");
    expect(days.status === "success" && days.value).toEqual({ days: 7 });
    expect(parseForm(form({}), PromotionSchema, "cs").status).toBe("error");
  });

  it("wants a message to the seller, cleaned like a description, and on a profile the listing too", () => {
    const sent = parseForm(form({ message: "  Dobrý den,\r\nmáte ještě?  " }), ContactSellerSchema, "cs");
    expect(sent.status === "success" && sent.value).toEqual({ message: "Dobrý den,\nmáte ještě?" });
    const empty = parseForm(form({ message: "   " }), ContactUserSchema, "cs");
    expect(empty.status === "error" && empty.error).toEqual({
      message: ["Pole musí být vyplněno"],
      productId: ["Pole musí být vyplněno"],
    });
    const long = parseForm(form({ message: "x".repeat(2001) }), ContactSellerSchema, "cs");
    expect(long.status === "error" && long.error?.message).toEqual([
      translate("cs", "validation.max", { length: 2000 }),
    ]);
  });
});
