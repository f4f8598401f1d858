import { z } from "zod";

/**
 * The query of a back-office table (docs/product/back-office.md, "Tables"): search, sort, page.
 * Sorting, filtering and paging happen on the server; the page's URL holds them, so a table view
 * can be bookmarked and the back button works. Only the columns a table names may sort it.
 */
export const TABLE_PAGE_SIZES = [25, 50, 100] as const;

/*
 * A malformed parameter falls back (`catch`) instead of refusing the page; the OpenAPI generator
 * cannot read `catch`, so each such field also says its type for the document (`meta`).
 */
export function tableQuerySchema<const Sortable extends readonly [string, ...string[]]>(sortable: Sortable) {
  return z.object({
    q: z.string().trim().max(100).optional().catch(undefined).meta({ type: "string", maxLength: 100 }),
    sort: z
      .enum(sortable)
      .optional()
      .catch(undefined)
      .meta({ type: "string", enum: [...sortable] }),
    dir: z
      .enum(["asc", "desc"])
      .default("desc")
      .catch("desc")
      .meta({ type: "string", enum: ["asc", "desc"], default: "desc" }),
    page: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(1)
      .catch(1)
      .meta({ type: "integer", minimum: 1, default: 1 }),
    size: z.coerce
      .number()
      .int()
      .refine((size) => (TABLE_PAGE_SIZES as readonly number[]).includes(size))
      .default(25)
      .catch(25)
      .meta({ type: "integer", enum: [...TABLE_PAGE_SIZES], default: 25 }),
  });
}

export type TableQuery<Sort extends string = string> = {
  q?: string;
  sort?: Sort;
  dir: "asc" | "desc";
  page: number;
  size: number;
};

/** One page of rows and how many match in all. */
export type TablePage<Row> = { rows: Row[]; total: number; page: number; size: number };

/** A search URL's parameters as the schema reads them (unknown ones are left for the page's filters). */
export function tableQueryFromUrl<const Sortable extends readonly [string, ...string[]]>(
  url: URL,
  sortable: Sortable,
): TableQuery<Sortable[number]> {
  return tableQuerySchema(sortable).parse(Object.fromEntries(url.searchParams)) as TableQuery<
    Sortable[number]
  >;
}

/** LIMIT and OFFSET of a page. */
export function pageWindow(query: Pick<TableQuery, "page" | "size">): { limit: number; offset: number } {
  return { limit: query.size, offset: (query.page - 1) * query.size };
}
