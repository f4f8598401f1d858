import { z } from "zod";
import { FILL_LEVELS } from "#core/contracts/listing-evidence.ts";
import { RESULT_SORTS, SALE_RESULT_KINDS } from "#core/contracts/sale-results.ts";

/**
 * The archive of results' query (/vysledky, /en/results; docs/product/results.md): a GET form, so
 * every field is optional and a wrong one is dropped rather than refused (a shared URL still opens).
 * Prices in whole crowns, dates as YYYY-MM-DD (Prague days).
 */
const optionalInt = (max: number) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number().int().min(0).max(max).optional().catch(undefined),
  );
const optionalDate = z
  .preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  )
  .catch(undefined)
  .refine((value) => value === undefined || !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .catch(undefined);
const optionalOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), z.enum(values).optional()).catch(undefined);

export const resultsQuerySchema = z.object({
  q: z
    .string()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((value) => value?.trim() || undefined),
  category: optionalInt(2_147_483_647),
  priceFrom: optionalInt(1_000_000_000),
  priceTo: optionalInt(1_000_000_000),
  from: optionalDate,
  to: optionalDate,
  fill: optionalOf(FILL_LEVELS),
  kind: optionalOf(SALE_RESULT_KINDS),
  sort: z.enum(RESULT_SORTS).catch("newest").default("newest"),
  /**
   * The result the page starts after (its id: keyset pages, ADR 0101), and the page's number, which
   * only labels it ("Strana 3"): what is shown is read from `after`, never counted by an offset.
   */
  after: optionalInt(2_147_483_647),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;

/** The archive's query from a URL's search parameters. */
export function parseResultsQuery(params: URLSearchParams): ResultsQuery {
  return resultsQuerySchema.parse(Object.fromEntries(params));
}

/**
 * The price index page's query: the category (none: the whole market); `vse=1` lists every month
 * in the table (by default the last INDEX_TABLE_MONTHS; the CSV always has them all).
 */
export const priceIndexQuerySchema = z.object({
  category: optionalInt(2_147_483_647),
  vse: z
    .literal("1")
    .optional()
    .catch(undefined)
    .transform((value) => value === "1"),
});

/** The months the price index's table lists unless asked for all (two years). */
export const INDEX_TABLE_MONTHS = 24;
