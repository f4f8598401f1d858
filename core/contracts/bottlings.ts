/**
 * Bottlings (issue 37, item 3; docs/product/bottlings.md): the canonical record of one product,
 * like a Whiskybase entry, and the ports through which the bottlings module meets the structured
 * attributes (listing-attributes) and the archive of results (sale-results); server/wiring/collector-data.ts wires them. Plain JSON: instants are ISO
 * strings, money CZK minor units.
 */

/** An attribute's value as the shared vocabulary reads it: numbers as numbers (`abv` 41.3). */
export type AttributeValue = string | number | boolean;
export type AttributeValues = Record<string, AttributeValue>;

/**
 * The defining attributes of a bottling, in the order its page and the back office show them
 * (issue 37's shared vocabulary). A bottling may carry others; these are the ones it is matched by.
 */
export const BOTTLING_ATTRIBUTE_KEYS = [
  "age_years",
  "vintage",
  "bottled_year",
  "edition",
  "abv",
  "volume_ml",
  "bottler_kind",
  "bottler",
  "cask_type",
  "cask_number",
  "outturn",
  "region",
  "country",
  "line",
  "vitola",
  "length_mm",
  "ring_gauge",
  "release_year",
  "box_count",
  "year",
] as const;

/** Keys whose values are whole numbers (the back office's form reads them so). */
export const NUMERIC_BOTTLING_KEYS: ReadonlySet<string> = new Set([
  "age_years",
  "vintage",
  "bottled_year",
  "abv",
  "volume_ml",
  "outturn",
  "length_mm",
  "ring_gauge",
  "release_year",
  "box_count",
  "year",
]);

/** Keys a difference in which makes two bottles different bottlings (a 12 is not an 18). */
export const DEFINING_BOTTLING_KEYS: ReadonlySet<string> = new Set([
  "age_years",
  "vintage",
  "bottled_year",
  "edition",
  "cask_number",
  "volume_ml",
  "vitola",
  "release_year",
]);

/** Port: a listing's attributes by product id (listing-attributes' `attributeValuesOf`). */
export type ListingAttributesRead = (productIds: readonly number[]) => Promise<Map<number, AttributeValues>>;

/** Port: the attributes' labels and shown values in a language (listing-attributes' definitions). */
export type DescribeAttributes = (
  values: AttributeValues,
  locale: "cs" | "en",
  categoryId: number,
) => Promise<{ key: string; label: string; value: string }[]>;

/** One result of a bottling: an ended auction with a winner or a completed deal or sale. */
export type BottlingResult = {
  /** The result's own id (the next page of a bottling's results starts below it). */
  id: number;
  productId: number;
  /** The final price, CZK minor units. */
  priceMinor: number;
  /** The auction's end or the deal's completion (ISO instant). */
  date: string;
  fillLevel: string | null;
  kind: "auction" | "deal";
};

/**
 * One point of a bottling's price chart: a Prague month (`YYYY-MM`) of its results, their median,
 * lowest and highest price (CZK minor units) and how many there were.
 */
export type PricePoint = {
  month: string;
  medianMinor: number;
  minMinor: number;
  maxMinor: number;
  count: number;
};

/**
 * Port: a bottling's results, newest first (`before`: the id of the last result of the page before,
 * so the next page starts below it) and its chart's monthly points (sale-results).
 */
export type BottlingResults = {
  resultsOf(
    bottlingId: number,
    options: { limit: number; since?: Date; before?: number },
  ): Promise<BottlingResult[]>;
  pricePoints(bottlingId: number): Promise<PricePoint[]>;
};

/** Port: who hears of links and merges (sale-results keeps a result's bottling id). */
export type BottlingReports = {
  linked(productIds: readonly number[], bottlingId: number): Promise<void>;
  merged(fromId: number, intoId: number): Promise<void>;
};

/** A bottling as the pages show it. */
export type BottlingView = {
  id: number;
  status: "active" | "merged";
  mergedIntoId: number | null;
  categoryId: number;
  brandId: number | null;
  brandName: string | null;
  nameCs: string;
  nameEn: string | null;
  /** In the requested language (Czech when English is missing). */
  name: string;
  slug: string;
  attributes: AttributeValues;
  listingCount: number;
  watcherCount: number;
};

/** A proposed bottling for a listing, best first. */
export type BottlingCandidate = {
  id: number;
  name: string;
  slug: string;
  brandName: string | null;
  attributes: AttributeValues;
  score: number;
};
