import { describe, expect, it } from "vitest";
import type { AttributeDefinition } from "../contracts/listing-attributes.ts";
import {
  attributesSchema,
  describeAttributes,
  effectiveDefinitions,
  formatAttribute,
  matchKey,
  mergedFacetDefinitions,
} from "./listing-attributes.ts";

let id = 0;
const def = (key: string, type: AttributeDefinition["type"], more: Partial<AttributeDefinition> = {}) =>
  ({
    id: ++id,
    categoryId: 1,
    key,
    type,
    unit: null,
    labelCs: key,
    labelEn: key,
    options: [],
    required: false,
    facet: false,
    suggested: false,
    position: id,
    ...more,
  }) satisfies AttributeDefinition;

const whisky = [
  def("bottler_kind", "enum", {
    required: true,
    options: [
      { value: "official", cs: "Oficiální", en: "Official" },
      { value: "independent", cs: "Nezávislý", en: "Independent" },
    ],
  }),
  def("age_years", "integer", { unit: "years" }),
  def("vintage", "year"),
  def("abv", "decimal", { unit: "abv" }),
  def("cask_type", "text", { suggested: true }),
  def("humidor", "boolean"),
];
const check = (raw: Record<string, string | number | boolean | null>) =>
  attributesSchema(whisky).safeParse(raw);
const problems = (raw: Record<string, string | number | boolean | null>) => {
  const result = check(raw);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe("the values checked against the definitions", () => {
  it("types them: numbers as numbers, Czech decimals read, texts cleaned, unknown keys dropped", () => {
    const result = check({
      bottler_kind: "independent",
      age_years: "12",
      vintage: 1996,
      abv: "41,3",
      cask_type: "  Oloroso   Sherry ",
      humidor: "on",
      colour: "amber",
    });
    expect(result.success && result.data).toEqual({
      bottler_kind: "independent",
      age_years: 12,
      vintage: 1996,
      abv: 41.3,
      cask_type: "Oloroso Sherry",
      humidor: true,
    });
  });

  it("refuses a required one missing and each value its type refuses, under its key", () => {
    expect(problems({ age_years: "12.5", vintage: "1700", abv: "101", humidor: "maybe" })).toEqual({
      bottler_kind: "validation.required",
      age_years: "listingAttributes.errors.integer",
      vintage: "listingAttributes.errors.year",
      abv: "listingAttributes.errors.abv",
      humidor: "listingAttributes.errors.choose",
    });
    expect(problems({ bottler_kind: "pirate", abv: "41,35" })).toEqual({
      bottler_kind: "listingAttributes.errors.choose",
      abv: "listingAttributes.errors.oneDecimal",
    });
    expect(problems({ bottler_kind: "official", cask_type: "x".repeat(121) })).toEqual({
      cask_type: "listingAttributes.errors.textTooLong",
    });
  });

  it("takes empty fields as not stated", () => {
    const result = check({ bottler_kind: "official", age_years: "", abv: null, cask_type: "   " });
    expect(result.success && result.data).toEqual({ bottler_kind: "official" });
  });
});

describe("one value, however typed", () => {
  it("gives the spellings of one value one key: case, accents, spaces and punctuation aside", () => {
    expect(matchKey("Caol Íla")).toBe(matchKey("caol ila"));
    expect(matchKey("Glen Grant")).toBe(matchKey("GLEN-GRANT"));
    expect(matchKey("Gordon & MacPhail")).toBe(matchKey("gordon macphail"));
    expect(matchKey("Glen Grant")).not.toBe(matchKey("Glen Garioch"));
  });
});

describe("definitions down the tree", () => {
  it("inherits the ancestors' definitions, a deeper one replacing a key, in order of importance", () => {
    const root = def("region", "text", { categoryId: 1, position: 20 });
    const age = def("age_years", "integer", { categoryId: 1, position: 10 });
    const deeper = def("region", "enum", { categoryId: 3, position: 5 });
    const other = def("vitola", "text", { categoryId: 9 });
    expect(effectiveDefinitions([root, age, deeper, other], [1, 3]).map((d) => [d.key, d.type])).toEqual([
      ["region", "enum"],
      ["age_years", "integer"],
    ]);
    expect(effectiveDefinitions([root, age, deeper, other], [1]).map((d) => d.key)).toEqual([
      "age_years",
      "region",
    ]);
  });
});

describe("the facets of a search without a category", () => {
  it("are every subtree's facets once per key, labelled by the top-most, a choice's values all kept", () => {
    // Categories 1 and 2 are roots, 3 is under 1.
    const depth = (categoryId: number) => (categoryId === 3 ? 1 : 0);
    const deepAge = def("age_years", "integer", {
      categoryId: 3,
      labelEn: "Whisky age",
      facet: true,
      position: 1,
    });
    const age = def("age_years", "integer", { categoryId: 1, labelEn: "Age", facet: true, position: 30 });
    const kind = def("condition", "enum", {
      categoryId: 1,
      labelEn: "Condition",
      facet: true,
      position: 10,
      options: [{ value: "new", cs: "Nové", en: "New" }],
    });
    const cigarKind = def("condition", "enum", {
      categoryId: 2,
      labelEn: "Cigar condition",
      facet: true,
      position: 20,
      options: [
        { value: "new", cs: "Nový", en: "Brand new" },
        { value: "aged", cs: "Uleželý", en: "Aged" },
      ],
    });
    const notFacet = def("cask_number", "text", { categoryId: 1 });
    const merged = mergedFacetDefinitions([deepAge, cigarKind, notFacet, age, kind], depth);
    expect(merged.map((d) => [d.key, d.labelEn])).toEqual([
      // Two roots: the lower position's label.
      ["condition", "Condition"],
      ["age_years", "Age"],
    ]);
    expect(merged[0].options).toEqual([
      { value: "new", cs: "Nové", en: "New" },
      { value: "aged", cs: "Uleželý", en: "Aged" },
    ]);
    // The definitions given are left as they were.
    expect(kind.options).toHaveLength(1);
  });
});

describe("a value as the table shows it", () => {
  it("writes numbers the language's way with their units", () => {
    const abv = whisky[3];
    expect(formatAttribute(abv, 41.3, "cs")).toBe("41,3\u00a0%");
    // English typography joins the per cent sign to the number; Czech keeps a no-break space.
    expect(formatAttribute(abv, 41.3, "en")).toBe("41.3% ABV");
    expect(formatAttribute(abv, 43, "en")).toBe("43% ABV");
    expect(formatAttribute(abv, 43, "cs")).toBe("43\u00a0%");
    expect(formatAttribute(whisky[1], 12, "en")).toBe("12\u00a0years");
    expect(formatAttribute(whisky[1], 12, "cs")).toBe("12\u00a0let");
    expect(formatAttribute(whisky[1], 3, "cs")).toBe("3\u00a0roky");
    expect(formatAttribute(whisky[2], 1978, "cs")).toBe("1978");
    expect(formatAttribute(whisky[0], "independent", "en")).toBe("Independent");
    expect(formatAttribute(whisky[5], false, "cs")).toBe("ne");
  });

  it("lists the rows in the definitions' order, leaving out what is not stated", () => {
    const rows = describeAttributes(whisky, { abv: 46, bottler_kind: "official" }, "cs");
    expect(rows.map((row) => [row.label, row.text])).toEqual([
      ["bottler_kind", "Oficiální"],
      ["abv", "46\u00a0%"],
    ]);
  });
});
