import { type SQL, sql } from "drizzle-orm";
import type {
  AutocompleteResult,
  CategoryDetail,
  CategoryLink,
  ListingFacets,
  ListingQuery,
  ListingSort,
  ProductCardData,
  ProductFormat,
  ProductPage,
  ProductStatus,
  ProductType,
} from "#core/contracts/catalog.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { struckPrice } from "#core/rules/sale.ts";
import type { Db } from "#server/db/client.ts";
import { allowedTypos, isTypoOf, searchTokens } from "../search/search-text.ts";
import { PRODUCT_STATUSES } from "../tables/products.ts";

/**
 * Catalogue listings and search (issue 4): the category page, the auction lists, new and sale
 * products, search and its autocomplete. Every page of cards costs two statements whatever its size
 * (the rows, the count): the page of ids is chosen first and only those rows are joined to their
 * image, brand, category and seller.
 */

export const MAX_PER_PAGE = 60;
export const DEFAULT_PER_PAGE = 24;
/** Listed unless a query asks for others. */
const DEFAULT_STATUSES: ProductStatus[] = ["active"];
/** Shown greyed on a card (spec section 2: pending). */
const PENDING_STATUSES = new Set<ProductStatus>(["awaiting_payment", "ended", "sold", "expired"]);

/**
 * How a query word matches: as the beginning of a word (`words` null), or, when no catalogue word
 * starts with it, as any of the catalogue words that contain it or are a typo away from it.
 */
type TokenPlan = {
  token: string;
  words: string[] | null;
  /** Some catalogue word starts with it: the visitor typed a real word, typos are not looked for. */
  exact?: boolean;
};

type SearchPlan = { tokens: TokenPlan[] };

type Row = Record<string, unknown>;

/** A query's parts that need the database: the search plan and the category branch. */
type Resolved = { search: SearchPlan | null; now: string; categoryIds?: number[] };

function rowsOf(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

const toNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
const toIso = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : (value instanceof Date ? value : new Date(String(value))).toISOString();

function uniqueInts(values: number[] | undefined): number[] | undefined {
  if (!values) return undefined;
  return [...new Set(values.filter((value) => Number.isSafeInteger(value)))];
}

function list<T>(values: readonly T[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** The effective price: an auction's current price (start price before the first bid), else price. */
const EFFECTIVE_PRICE = sql`(case when p.format = 'auction' then coalesce(p.current_price_minor, p.start_price_minor) else p.price_minor end)`;
const TSV = sql`to_tsvector('simple'::regconfig, p.search_text)`;

/**
 * On sale (core/rules/sale.ts states the same rule for one product): a shop product whose sale price
 * is switched on and lies below its price before the sale. Auctions and classifieds never are.
 */
const SALE = sql`(p.format = 'shop' and p.is_price_sale_active and p.original_price_minor > p.price_minor)`;

/** A tsquery term for one planned word: the word as a prefix, or any of its stand-ins. */
function tsTerm(plan: TokenPlan): string {
  if (plan.words?.length) return `(${[`${plan.token}:*`, ...plan.words].join(" | ")})`;
  return `${plan.token}:*`;
}

/** A LIKE pattern for a word at the start of a word of products.search_name. */
function wordStartPattern(word: string): string {
  return `% ${word.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * How many of the query's words the product's names contain (as the start of a word, or one of
 * the word's stand-ins): the relevance of a search hit. It reads search_name (short, normalised in
 * code) with LIKE: parsing the names with to_tsvector for every hit cost more than the match.
 */
function relevance(search: SearchPlan): SQL {
  const parts = search.tokens.map((plan) => {
    const words = [plan.token, ...(plan.words ?? [])];
    const tests = words.map((word) => sql`names like ${wordStartPattern(word)}`);
    return sql`(${sql.join(tests, sql` or `)})::int`;
  });
  return sql`(select ${sql.join(parts, sql` + `)} from (select ' ' || p.search_name as names) n)`;
}

export function createListingQueries(db: Db) {
  /**
   * Decides how each query word matches, in one statement over the vocabulary (search_words, a
   * trigram index): a word some catalogue word starts with matches as a prefix. Otherwise its
   * stand-ins are the catalogue words that contain it (4+ letters: "allan" -> "macallan"), else
   * the nearest words by trigrams that code accepts as typos ("zakapa" -> "zacapa").
   */
  async function planSearch(q: string | undefined): Promise<SearchPlan | null> {
    const tokens = q ? searchTokens(q) : [];
    if (tokens.length === 0) return null;
    // Numbers and short words are never stood in for: they must match as they are.
    const open = tokens.filter((token) => allowedTypos(token) > 0);
    if (open.length === 0) return { tokens: tokens.map((token) => ({ token, words: null })) };
    // One statement; each word's patterns are parameters, so the indexes serve them (word LIKE
    // 'x%' the primary key, LIKE '%x%' and the distance ordering the trigram index).
    const result = await db.execute(
      sql.join(
        open.map(
          (token) => sql`
            select ${token}::text as token,
              exists (select 1 from search_words w where w.word like ${`${token}%`}) as prefix,
              array (select w.word from search_words w where w.word like ${`%${token}%`} order by length(w.word), w.word limit 20) as inside,
              array (select w.word from search_words w order by w.word <-> ${token}::text limit 30) as near`,
        ),
        sql` union all `,
      ),
    );
    const rows = rowsOf(result);
    const asArray = (value: unknown): string[] =>
      Array.isArray(value) ? (value as string[]) : value ? parsePgArray(String(value)) : [];
    const plans: TokenPlan[] = tokens.map((token) => {
      const row = rows.find((candidate) => candidate.token === token);
      if (!row || row.prefix) return { token, words: null, exact: Boolean(row?.prefix) };
      const inside = asArray(row.inside);
      if (inside.length) return { token, words: inside };
      const typos = asArray(row.near).filter((word) => isTypoOf(token, word));
      return { token, words: typos.length ? typos.slice(0, 8) : null };
    });
    return { tokens: plans };
  }

  /** Everything a query filters on, as one condition over `products p`. */
  function conditions(
    query: ListingQuery,
    { search, now, categoryIds }: Resolved,
    skip: { brands?: boolean; packages?: boolean } = {},
  ): SQL {
    const where: SQL[] = [];
    const statuses = (query.statuses?.length ? query.statuses : DEFAULT_STATUSES).filter((status) =>
      PRODUCT_STATUSES.includes(status),
    );
    // Literals, not parameters: the planner must see `status = 'active'` to use the partial
    // search index (migration 0003); the names come from the fixed list just checked.
    where.push(
      statuses.length
        ? sql`p.status in (${sql.raw(statuses.map((status) => `'${status}'`).join(", "))})`
        : sql`false`,
    );
    // Literal ids (not a subquery), so the planner sees how big the branch is.
    if (categoryIds)
      where.push(categoryIds.length ? sql`p.category_id in (${list(categoryIds)})` : sql`false`);
    if (query.formats?.length) where.push(sql`p.format in (${list(query.formats)})`);
    if (query.types?.length) where.push(sql`p.type in (${list(query.types)})`);
    if (query.durations?.length)
      where.push(sql`p.format = 'auction' and p.auction_duration in (${list(query.durations)})`);
    if (query.priceMinMinor !== undefined) where.push(sql`${EFFECTIVE_PRICE} >= ${query.priceMinMinor}`);
    if (query.priceMaxMinor !== undefined) where.push(sql`${EFFECTIVE_PRICE} <= ${query.priceMaxMinor}`);
    const brandIds = uniqueInts(query.brandIds);
    if (brandIds?.length && !skip.brands) where.push(sql`p.brand_id in (${list(brandIds)})`);
    const packageIds = uniqueInts(query.packageIds);
    if (packageIds?.length && !skip.packages) where.push(sql`p.package_id in (${list(packageIds)})`);
    if (query.verifiedSellerOnly)
      where.push(
        sql`(p.seller_id is null or exists (select 1 from users u where u.id = p.seller_id and u.verified_at is not null))`,
      );
    if (query.endingWithinHours !== undefined)
      where.push(
        sql`p.format = 'auction' and p.ends_at > ${now}::timestamptz and p.ends_at <= ${now}::timestamptz + make_interval(hours => ${Math.max(0, Math.floor(query.endingWithinHours))}::int)`,
      );
    if (query.sellerId !== undefined) where.push(sql`p.seller_id = ${query.sellerId}`);
    const ids = uniqueInts(query.ids);
    if (ids) where.push(ids.length ? sql`p.id in (${list(ids)})` : sql`false`);
    const excludeIds = uniqueInts(query.excludeIds);
    if (excludeIds?.length) where.push(sql`p.id not in (${list(excludeIds)})`);
    if (query.toppedOnly) where.push(sql`p.topped_until > ${now}::timestamptz`);
    if (query.onSale) where.push(SALE);
    if (query.activatedWithinDays !== undefined)
      where.push(
        sql`coalesce(p.activation_at, p.created_at) >= ${now}::timestamptz - make_interval(days => ${Math.max(0, Math.floor(query.activatedWithinDays))}::int)`,
      );
    if (search)
      where.push(sql`${TSV} @@ to_tsquery('simple'::regconfig, ${search.tokens.map(tsTerm).join(" & ")})`);
    return sql.join(where, sql` and `);
  }

  /** The category and its active descendants; [] when it is unknown or inactive. */
  async function branchIds(categoryId: number): Promise<number[]> {
    const result = await db.execute(sql`select id, parent_id from categories where is_active`);
    const children = new Map<number | null, number[]>();
    for (const row of rowsOf(result)) {
      const parent = toNumber(row.parent_id);
      children.set(parent, [...(children.get(parent) ?? []), Number(row.id)]);
    }
    const known = new Set([...children.values()].flat());
    if (!known.has(categoryId)) return [];
    const ids: number[] = [];
    const queue = [categoryId];
    while (queue.length > 0 && ids.length < 10_000) {
      const id = queue.shift()!;
      ids.push(id);
      queue.push(...(children.get(id) ?? []));
    }
    return ids;
  }

  /** What a query needs from the database before its statements can be built. */
  async function resolve(query: ListingQuery): Promise<Resolved> {
    const [search, categoryIds] = await Promise.all([
      planSearch(query.q),
      query.categoryId === undefined ? undefined : branchIds(query.categoryId),
    ]);
    return { search, categoryIds, now: (query.now ?? new Date()).toISOString() };
  }

  /**
   * The sort keys, most significant first. Only "recommended" (every listing's default) lets
   * promotion decide: topped products first, then the list's natural order (relevance for a
   * search, the end for a list of auctions only, else the newest). Every other sort is obeyed
   * exactly: a topped product takes its place among the rest (docs/product/listing-order-and-sales.md).
   */
  function sortKeys(
    query: ListingQuery,
    search: SearchPlan | null,
    now: string,
  ): { expr: SQL; order: SQL }[] {
    const newest = { expr: sql`coalesce(p.activation_at, p.created_at)`, order: sql`desc` };
    const plain = (sort: Exclude<ListingSort, "recommended">): { expr: SQL; order: SQL }[] => {
      switch (sort) {
        case "ending":
          // Auctions by their end; other formats (no end to speak of) after them, newest first.
          return [
            { expr: sql`(p.format = 'auction')`, order: sql`desc` },
            { expr: sql`p.ends_at`, order: sql`asc nulls last` },
            newest,
          ];
        case "price_asc":
          return [{ expr: EFFECTIVE_PRICE, order: sql`asc nulls last` }, newest];
        case "price_desc":
          return [{ expr: EFFECTIVE_PRICE, order: sql`desc nulls last` }, newest];
        case "bids":
          return [{ expr: sql`p.bid_count`, order: sql`desc` }, newest];
        case "relevance":
          return search ? [{ expr: relevance(search), order: sql`desc` }, newest] : [newest];
        default:
          return [newest];
      }
    };
    const sort = query.sort ?? "recommended";
    if (sort !== "recommended") return plain(sort);
    const topped = {
      expr: sql`(p.topped_until is not null and p.topped_until > ${now}::timestamptz)`,
      order: sql`desc`,
    };
    const auctionsOnly =
      (query.formats?.length === 1 && query.formats[0] === "auction") || Boolean(query.durations?.length);
    return [topped, ...plain(search ? "relevance" : auctionsOnly ? "ending" : "newest")];
  }

  function toCard(row: Row, locale: Locale): ProductCardData {
    const english = locale === "en";
    const name = String((english && row.name_en) || row.name_cs);
    const format = row.format as ProductFormat;
    const status = row.status as ProductStatus;
    const productSlug = String((english && row.slug_en) || row.slug_cs);
    const categorySlug = String((english && row.category_slug_en) || row.category_slug_cs);
    const price =
      format === "auction"
        ? toNumber(row.current_price_minor ?? row.start_price_minor)
        : toNumber(row.price_minor);
    // The struck-through price follows the sale rule (SALE in SQL).
    const original = struckPrice({
      format,
      isPriceSaleActive: Boolean(row.is_price_sale_active),
      originalPriceMinor: toNumber(row.original_price_minor),
      priceMinor: price,
    });
    return {
      id: Number(row.id),
      name,
      url: localePath("product", locale, {
        id: Number(row.id),
        category: categorySlug,
        product: productSlug,
      }),
      image: row.image_file_name
        ? {
            src: `${String(row.image_path).replace(/\/+$/, "")}/${String(row.image_file_name)}`,
            alt: String(row.image_alt || name),
          }
        : null,
      priceMinor: price,
      originalPriceMinor: original,
      format,
      type: row.type as ProductType,
      status,
      pending: PENDING_STATUSES.has(status),
      topped: Boolean(row.topped),
      endsAt: format === "auction" ? toIso(row.ends_at) : null,
      bidCount: Number(row.bid_count ?? 0),
      sellerVerified: Boolean(row.seller_verified),
      // Tenths in integers, as SQL round(avg, 1) does on the profile.
      sellerRating:
        Number(row.seller_review_count ?? 0) > 0
          ? {
              average: Math.round((Number(row.seller_stars_sum) * 10) / Number(row.seller_review_count)) / 10,
              count: Number(row.seller_review_count),
            }
          : null,
      brandName: (row.brand_name as string | null) ?? null,
    };
  }

  /**
   * The card columns of the products in a CTE `page` (id, k0, k1… the sort keys), joined to their
   * category, brand, seller and first image; the keys come along for the caller's ORDER BY.
   */
  function cardSelect(now: string, keyCount: number): SQL {
    const keys = sql.raw(Array.from({ length: keyCount }, (_, index) => `page.k${index}`).join(", "));
    return sql`
      select p.id, p.name_cs, p.name_en, p.slug_cs, p.slug_en, p.format, p.type, p.status,
        p.price_minor, p.start_price_minor, p.current_price_minor, p.original_price_minor,
        p.is_price_sale_active, p.ends_at, p.bid_count,
        (p.topped_until is not null and p.topped_until > ${now}::timestamptz) as topped,
        c.slug_cs as category_slug_cs, c.slug_en as category_slug_en,
        b.name as brand_name,
        (p.seller_id is null or u.verified_at is not null) as seller_verified,
        ur.review_count as seller_review_count, ur.stars_sum as seller_stars_sum,
        img.path as image_path, img.file_name as image_file_name, img.alt as image_alt,
        ${keys}
      from page
      join products p on p.id = page.id
      join categories c on c.id = p.category_id
      left join brands b on b.id = p.brand_id
      left join users u on u.id = p.seller_id
      left join user_ratings ur on ur.user_id = p.seller_id
      left join lateral (
        select i.path, i.file_name, i.alt from product_images i
        where i.product_id = p.id order by i.position, i.id limit 1
      ) img on true`;
  }

  /**
   * `alias.k0 desc, alias.k1 asc…, alias.id`: the order of a page by its sort keys; without an
   * alias, the keys are the output columns of the select being ordered (and the id is p.id).
   */
  function keyOrder(keys: { order: SQL }[], alias?: string): SQL {
    const prefix = alias ? `${alias}.` : "";
    return sql.join(
      [
        ...keys.map((key, index) => sql`${sql.raw(`${prefix}k${index}`)} ${key.order}`),
        sql.raw(`${alias ?? "p"}.id`),
      ],
      sql`, `,
    );
  }

  /** `expr0 as k0, expr1 as k1…`: the sort keys as columns. */
  function keyColumns(keys: { expr: SQL }[]): SQL {
    return sql.join(
      keys.map((key, index) => sql`${key.expr} as ${sql.raw(`k${index}`)}`),
      sql`, `,
    );
  }

  /** What a query asks of its page: its number, its size and the sort keys. */
  function pagePlan(query: ListingQuery, { search, now }: Resolved) {
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(query.perPage ?? DEFAULT_PER_PAGE)));
    const page = Math.max(1, Math.floor(query.page ?? 1));
    return { perPage, page, keys: sortKeys(query, search, now) };
  }

  /** The page of cards of a resolved query (one statement), and its size limits. */
  async function pageItems(query: ListingQuery, resolved: Resolved) {
    const { perPage, page, keys } = pagePlan(query, resolved);
    const result = await db.execute(sql`
      with page as (
        select p.id, ${keyColumns(keys)}
        from products p
        where ${conditions(query, resolved)}
        order by ${keyOrder(keys)}
        limit ${perPage} offset ${(page - 1) * perPage}
      )
      ${cardSelect(resolved.now, keys.length)}
      order by ${keyOrder(keys, "page")}`);
    const items = rowsOf(result).map((row) => toCard(row, query.locale));
    return { items, page, perPage };
  }

  function pageOf(items: ProductCardData[], total: number, page: number, perPage: number): ProductPage {
    return { items, total, page, perPage, pageCount: Math.max(1, Math.ceil(total / perPage)) };
  }

  async function listProducts(query: ListingQuery): Promise<ProductPage> {
    const resolved = await resolve(query);
    const [{ items, page, perPage }, countResult] = await Promise.all([
      pageItems(query, resolved),
      db.execute(sql`select count(*)::int as total from products p where ${conditions(query, resolved)}`),
    ]);
    return pageOf(items, Number(rowsOf(countResult)[0]?.total ?? 0), page, perPage);
  }

  /**
   * The total and the facets of a resolved query. The total and every facet whose own filter is
   * off come from one statement (GROUPING SETS over the same rows); a facet whose filter is on is
   * counted without it (so a visitor who picked one brand still sees the others to add).
   */
  async function totalAndFacets(
    query: ListingQuery,
    resolved: Resolved,
  ): Promise<{ total: number } & ListingFacets> {
    const english = query.locale === "en";
    const brandFiltered = Boolean(query.brandIds?.length);
    const packageFiltered = Boolean(query.packageIds?.length);
    const sets = [sql`()`];
    if (!brandFiltered) sets.push(sql`(p.brand_id)`);
    if (!packageFiltered) sets.push(sql`(p.package_id)`);
    const packageName = english ? sql`coalesce(k.name_en, k.name_cs)` : sql`k.name_cs`;
    const grouped = db.execute(sql`
      with g as (
        select ${brandFiltered ? sql`null::int as brand_id, 1 as no_brand` : sql`p.brand_id, grouping(p.brand_id) as no_brand`},
          ${packageFiltered ? sql`null::int as package_id, 1 as no_package` : sql`p.package_id, grouping(p.package_id) as no_package`},
          count(*)::int as count
        from products p
        where ${conditions(query, resolved)}
        group by grouping sets (${sql.join(sets, sql`, `)})
      )
      select g.brand_id, g.package_id, g.no_brand, g.no_package, g.count,
        b.name as brand_name, ${packageName} as package_name, k.position as package_position
      from g
      left join brands b on g.no_brand = 0 and b.id = g.brand_id
      left join packages k on g.no_package = 0 and k.id = g.package_id`);
    const brandQuery = brandFiltered
      ? db.execute(sql`
          select p.brand_id, b.name as brand_name, count(*)::int as count
          from products p join brands b on b.id = p.brand_id
          where ${conditions(query, resolved, { brands: true })}
          group by p.brand_id, b.name`)
      : null;
    const packageQuery = packageFiltered
      ? db.execute(sql`
          select p.package_id, ${packageName} as package_name, k.position as package_position, count(*)::int as count
          from products p join packages k on k.id = p.package_id
          where ${conditions(query, resolved, { packages: true })}
          group by p.package_id, k.id`)
      : null;
    const [groupRows, brandRows, packageRows] = await Promise.all([grouped, brandQuery, packageQuery]);
    return facetsFrom(
      rowsOf(groupRows),
      brandRows ? rowsOf(brandRows) : null,
      packageRows ? rowsOf(packageRows) : null,
      query.locale,
    );
  }

  /**
   * The total and the facets from the grouped rows (total: no_brand = no_package = 1; a facet
   * whose filter is off: its group rows) and, for a facet whose filter is on, its own count rows.
   */
  function facetsFrom(
    rows: Row[],
    brandRows: Row[] | null,
    packageRows: Row[] | null,
    locale: Locale,
  ): { total: number } & ListingFacets {
    const total = Number(
      rows.find((row) => Number(row.no_brand) === 1 && Number(row.no_package) === 1)?.count ?? 0,
    );
    const brandSource = brandRows
      ? brandRows
      : rows.filter((row) => Number(row.no_brand) === 0 && row.brand_id !== null);
    const packageSource = packageRows
      ? packageRows
      : rows.filter((row) => Number(row.no_package) === 0 && row.package_id !== null);
    const brands = brandSource
      .map((row) => ({ id: Number(row.brand_id), name: String(row.brand_name), count: Number(row.count) }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, locale))
      .slice(0, 60)
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    const packages = packageSource
      .map((row) => ({
        id: Number(row.package_id),
        name: String(row.package_name),
        count: Number(row.count),
        position: Number(row.package_position ?? 0),
      }))
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map(({ position: _position, ...entry }) => entry);
    return { total, brands, packages };
  }

  /** The brands and packages among the products a query matches, with counts (the filter block). */
  async function listingFacets(query: ListingQuery): Promise<ListingFacets> {
    const { brands, packages } = await totalAndFacets(query, await resolve(query));
    return { brands, packages };
  }

  /**
   * A listing page in one go: the cards and the facets of one query, resolved once, in two
   * statements when no brand or package filter is on (the page of rows; the total with the facets),
   * and a search in one (searchListingPage).
   */
  async function listingPage(query: ListingQuery): Promise<{ page: ProductPage; facets: ListingFacets }> {
    const resolved = await resolve(query);
    if (resolved.search) return searchListingPage(query, resolved);
    const [{ items, page, perPage }, { total, brands, packages }] = await Promise.all([
      pageItems(query, resolved),
      totalAndFacets(query, resolved),
    ]);
    return { page: pageOf(items, total, page, perPage), facets: { brands, packages } };
  }

  /**
   * A search page in one statement. Category listings answer their two statements from a covering
   * index; a search must fetch every hit's row to check the full-text match (and rank it), so the
   * hits are read once into a materialised CTE that the page, the total and the facets all read.
   * The hits leave out the brand and package filters, which facets of those need ignored.
   */
  async function searchListingPage(
    query: ListingQuery,
    resolved: Resolved,
  ): Promise<{ page: ProductPage; facets: ListingFacets }> {
    const { perPage, page, keys } = pagePlan(query, resolved);
    const brandIds = uniqueInts(query.brandIds) ?? [];
    const packageIds = uniqueInts(query.packageIds) ?? [];
    const byBrand = brandIds.length ? sql`h.brand_id in (${list(brandIds)})` : sql`true`;
    const byPackage = packageIds.length ? sql`h.package_id in (${list(packageIds)})` : sql`true`;
    const sets = [sql`()`];
    if (!brandIds.length) sets.push(sql`(h.brand_id)`);
    if (!packageIds.length) sets.push(sql`(h.package_id)`);
    // The rows facetsFrom reads: "all" (total and unfiltered facets), "brand" and "package" (a
    // filtered facet counted without its own filter).
    const facetParts = [
      sql`select 'all' as facet,
          ${brandIds.length ? sql`null::int` : sql`h.brand_id`} as brand_id,
          ${brandIds.length ? sql`1` : sql`grouping(h.brand_id)`} as no_brand,
          ${packageIds.length ? sql`null::int` : sql`h.package_id`} as package_id,
          ${packageIds.length ? sql`1` : sql`grouping(h.package_id)`} as no_package,
          count(*)::int as count
        from chosen h group by grouping sets (${sql.join(sets, sql`, `)})`,
    ];
    if (brandIds.length)
      facetParts.push(sql`select 'brand', h.brand_id, 0, null::int, 1, count(*)::int
        from hits h where ${byPackage} and h.brand_id is not null group by h.brand_id`);
    if (packageIds.length)
      facetParts.push(sql`select 'package', null::int, 1, h.package_id, 0, count(*)::int
        from hits h where ${byBrand} and h.package_id is not null group by h.package_id`);
    const packageName = query.locale === "en" ? sql`coalesce(k.name_en, k.name_cs)` : sql`k.name_cs`;
    const result = await db.execute(sql`
      with hits as materialized (
        select p.id, p.brand_id, p.package_id, ${keyColumns(keys)}
        from products p
        where ${conditions(query, resolved, { brands: true, packages: true })}
      ),
      chosen as (select * from hits h where ${byBrand} and ${byPackage}),
      page as (
        select h.* from chosen h order by ${keyOrder(keys, "h")}
        limit ${perPage} offset ${(page - 1) * perPage}
      ),
      facets as (${sql.join(facetParts, sql` union all `)})
      select
        (select coalesce(json_agg(c order by ${keyOrder(keys, "c")}), '[]'::json)
          from (${cardSelect(resolved.now, keys.length)}) c) as cards,
        (select coalesce(json_agg(f), '[]'::json) from (
          select facets.*, b.name as brand_name, ${packageName} as package_name, k.position as package_position
          from facets
          left join brands b on facets.no_brand = 0 and b.id = facets.brand_id
          left join packages k on facets.no_package = 0 and k.id = facets.package_id
        ) f) as facets`);
    const [row] = rowsOf(result);
    const cards = jsonRows(row?.cards);
    const facetRows = jsonRows(row?.facets);
    const brandRows = facetRows.filter((entry) => entry.facet === "brand");
    const packageRows = facetRows.filter((entry) => entry.facet === "package");
    const { total, brands, packages } = facetsFrom(
      facetRows.filter((entry) => entry.facet === "all"),
      brandIds.length ? brandRows : null,
      packageIds.length ? packageRows : null,
      query.locale,
    );
    const items = cards.map((card) => toCard(card, query.locale));
    return { page: pageOf(items, total, page, perPage), facets: { brands, packages } };
  }

  type CategoryRow = {
    id: number;
    parentId: number | null;
    position: number;
    slugCs: string;
    slugEn: string | null;
    nameCs: string;
    nameEn: string | null;
    descriptionCs: string | null;
    descriptionEn: string | null;
    /** Both names, lower-cased and unaccented (for suggestions). */
    searchName: string;
  };

  async function activeCategories(): Promise<CategoryRow[]> {
    const result = await db.execute(sql`
      select id, parent_id, position, slug_cs, slug_en, name_cs, name_en, description_cs, description_en,
        lower(unaccent(name_cs || ' ' || coalesce(name_en, ''))) as search_name
      from categories where is_active order by position, id`);
    return rowsOf(result).map((row) => ({
      id: Number(row.id),
      parentId: toNumber(row.parent_id),
      position: Number(row.position),
      slugCs: String(row.slug_cs),
      slugEn: (row.slug_en as string | null) ?? null,
      nameCs: String(row.name_cs),
      nameEn: (row.name_en as string | null) ?? null,
      descriptionCs: (row.description_cs as string | null) ?? null,
      descriptionEn: (row.description_en as string | null) ?? null,
      searchName: String(row.search_name ?? ""),
    }));
  }

  function categoryLink(row: CategoryRow, locale: Locale): CategoryLink {
    const english = locale === "en";
    const slug = (english && row.slugEn) || row.slugCs;
    return {
      id: row.id,
      slug,
      name: (english && row.nameEn) || row.nameCs,
      url: localePath("category", locale, { id: row.id, slug }),
    };
  }

  /** Ancestors of a category, root first, without the category itself; null when one is inactive. */
  function ancestorsOf(row: CategoryRow, byId: Map<number, CategoryRow>): CategoryRow[] | null {
    const path: CategoryRow[] = [];
    let parentId = row.parentId;
    // The tree is at most 5 levels; the bound guards against a cycle in bad data.
    for (let guard = 0; parentId !== null && guard < 10; guard++) {
      const parent = byId.get(parentId);
      if (!parent) return null;
      path.unshift(parent);
      parentId = parent.parentId;
    }
    return path;
  }

  /** A category page's category: null when it does not exist or it (or an ancestor) is inactive. */
  async function findCategory(id: number, locale: Locale): Promise<CategoryDetail | null> {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
    const rows = await activeCategories();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const row = byId.get(id);
    if (!row) return null;
    const ancestors = ancestorsOf(row, byId);
    if (!ancestors) return null;
    const english = locale === "en";
    return {
      ...categoryLink(row, locale),
      description: (english && row.descriptionEn) || row.descriptionCs || null,
      path: ancestors.map((ancestor) => categoryLink(ancestor, locale)),
      children: rows.filter((child) => child.parentId === id).map((child) => categoryLink(child, locale)),
      urls: { cs: categoryLink(row, "cs").url, en: categoryLink(row, "en").url },
      slugs: { cs: categoryLink(row, "cs").slug, en: categoryLink(row, "en").slug },
    };
  }

  /** Suggestions while typing: up to 8 live products (distinct names) and 5 categories. */
  async function autocomplete(q: string, locale: Locale): Promise<AutocompleteResult> {
    const tokens = searchTokens(q);
    if (tokens.length === 0 || tokens.join("").length < 2) return { products: [], categories: [] };
    const english = locale === "en";
    const now = new Date().toISOString();
    const [search, categoryRows] = await Promise.all([planSearch(q), activeCategories()]);
    const where = conditions({ locale }, { search, now });
    // The 200 best-placed candidates are ranked by name: enough for 8 suggestions, bounded work.
    // They are chosen among the first 2 000 matches, not all: the first letters typed ("ma")
    // match some 40 000 products at 100 000, and reading them all took half a second a keystroke.
    const result = await db.execute(sql`
      with matches as (
        select p.id, p.topped_until, p.bid_count from products p where ${where} limit 2000
      ), candidates as (
        select m.id from matches m
        order by (m.topped_until is not null and m.topped_until > ${now}::timestamptz) desc, m.bid_count desc, m.id desc
        limit 200
      ), ranked as (
        select p.id, ${english ? sql`coalesce(p.name_en, p.name_cs)` : sql`p.name_cs`} as name,
          p.slug_cs, p.slug_en, c.slug_cs as category_slug_cs, c.slug_en as category_slug_en,
          ${english ? sql`coalesce(c.name_en, c.name_cs)` : sql`c.name_cs`} as category_name,
          ${search ? relevance(search) : sql`0`} as score
        from candidates join products p on p.id = candidates.id join categories c on c.id = p.category_id
      )
      select * from ranked order by score desc, name, id desc`);
    const seen = new Set<string>();
    const products: AutocompleteResult["products"] = [];
    for (const row of rowsOf(result)) {
      const name = String(row.name);
      if (seen.has(name)) continue;
      seen.add(name);
      const productSlug = String((english && row.slug_en) || row.slug_cs);
      const categorySlug = String((english && row.category_slug_en) || row.category_slug_cs);
      products.push({
        id: Number(row.id),
        name,
        url: localePath("product", locale, {
          id: Number(row.id),
          category: categorySlug,
          product: productSlug,
        }),
        context: (row.category_name as string | null) ?? null,
      });
      if (products.length === 8) break;
    }
    const exact = new Set(search?.tokens.filter((plan) => plan.exact).map((plan) => plan.token));
    return { products, categories: matchCategories(categoryRows, tokens, locale, exact) };
  }

  /**
   * Categories whose name (either language) contains every query word, exactly or with a typo. A
   * word that some catalogue word starts with (`exact`) is matched as the products match it, without
   * typos: "zaca" is the start of "Zacapa", not a slip for "zapa(lovače)", so the products whose name
   * it starts are the suggestions and a category that only resembles it is not offered above them.
   */
  function matchCategories(rows: CategoryRow[], tokens: string[], locale: Locale, exact: Set<string>) {
    const byId = new Map(rows.map((row) => [row.id, row]));
    const scored: { row: CategoryRow; score: number; depth: number }[] = [];
    for (const row of rows) {
      const words = row.searchName.split(/[^\p{L}\p{N}]+/u);
      let score = 0;
      for (const token of tokens) {
        if (words.some((word) => word.startsWith(token))) score += 2;
        else if (token.length >= 4 && words.some((word) => word.includes(token))) score += 1.5;
        else if (!exact.has(token) && words.some((word) => isTypoOf(token, word))) score += 1;
        else {
          score = -1;
          break;
        }
      }
      if (score <= 0) continue;
      const ancestors = ancestorsOf(row, byId);
      if (!ancestors) continue;
      scored.push({ row, score, depth: ancestors.length });
    }
    scored.sort((a, b) => b.score - a.score || a.depth - b.depth || a.row.position - b.row.position);
    return scored.slice(0, 5).map(({ row }) => {
      const link = categoryLink(row, locale);
      const ancestors = ancestorsOf(row, byId) ?? [];
      return {
        id: link.id,
        name: link.name,
        url: link.url,
        context: ancestors.length ? ancestors.map((a) => categoryLink(a, locale).name).join(" › ") : null,
      };
    });
  }

  return { listProducts, listingFacets, listingPage, findCategory, autocomplete };
}

/** A json column's array of rows (drivers parse json; a string is parsed here). */
function jsonRows(value: unknown): Row[] {
  if (typeof value === "string") return JSON.parse(value) as Row[];
  return Array.isArray(value) ? (value as Row[]) : [];
}

/** Parses a PostgreSQL text[] literal (a driver may hand one over unparsed). */
function parsePgArray(literal: string): string[] {
  const inner = literal.replace(/^\{|\}$/g, "");
  if (!inner) return [];
  return inner.split(",").map((item) => item.replace(/^"|"$/g, ""));
}

export type ListingQueries = ReturnType<typeof createListingQueries>;
