import { type AttributeValues, DEFINING_BOTTLING_KEYS } from "#core/contracts/bottlings.ts";
import { bottlingLifecycle } from "#core/lifecycles/bottling.ts";
import { cleanAttributes, derivedColumns } from "#server/modules/bottlings/index.ts";
import type * as t from "../schema.ts";
import { attributeRows, catalogueValues } from "./attributes.ts";
import type { SeedBrand } from "./brands.ts";
import type { CatalogueItem } from "./catalogue.ts";
import { productNames } from "./descriptions.ts";
import type { Random } from "./random.ts";

/**
 * The collector data of a bulk load (issue 37, item 7): bottlings made of the demo catalogue's
 * spirits and cigars with variations (bottled year, cask, edition, volume, strength; release year,
 * vitola and box for cigars), and each bulk listing's attribute values (the demo's own reading of
 * its catalogue item, attributes.ts, so the facets count them) and, for a good share, its link to
 * one of its item's bottlings, whose defining attributes it then carries.
 */

export type PlannedBottling = {
  id: number;
  item: CatalogueItem;
  brand: SeedBrand;
  names: { cs: string; en: string };
  attributes: AttributeValues;
  /** What it sells for at the start of the archive's ten years, before the market moves. */
  valueMinor: number;
};

export type CollectorContext = {
  brandByKey: ReadonlyMap<string, SeedBrand>;
  brandIdOf: (brand: SeedBrand) => number | null;
  categoryIdOf: (item: CatalogueItem) => number;
};

/** Catalogue items with collector attributes (spirits and cigars). */
export function collectorItems(items: readonly CatalogueItem[], brandByKey: ReadonlyMap<string, SeedBrand>) {
  return items.filter(
    (item) =>
      Object.keys(catalogueValues({ id: 1, item, brand: brandByKey.get(item.brand)! })).length > 0 &&
      !/^wanted/i.test(item.name),
  );
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

const EDITIONS = ["Cask Strength Edition", "Distillery Exclusive", "Special Release", "Rare Malts"];
const CIGAR_EDITIONS = ["Edición Limitada", "Edición Regional", "Reserva", "Gran Reserva"];
/** Independent bottlers (their casks of a distillery's spirit), as the demo's attributes spell them. */
const BOTTLERS = [
  "Gordon & MacPhail",
  "Signatory Vintage",
  "Cadenhead's",
  "Douglas Laing",
  "Hunter Laing",
  "Samaroli",
];
/** Kinds whose bottlings state an age (attributes.ts reads one off their names). */
const AGED = /whisky|bourbon|japanese|rum|cognac|armagnac/;
const VOLUMES = [700, 700, 700, 700, 750, 1000, 500];

/**
 * `count` bottlings spread over the items (each item's first one is the item as the catalogue has
 * it), ids from `firstId`. Variants differ in their defining attributes and so in their names.
 */
export function planBottlings(
  count: number,
  items: readonly CatalogueItem[],
  ctx: CollectorContext,
  rng: Random,
  firstId: number,
): { bottlings: PlannedBottling[]; byItem: Map<CatalogueItem, PlannedBottling[]> } {
  const bottlings: PlannedBottling[] = [];
  const byItem = new Map<CatalogueItem, PlannedBottling[]>();
  const names = new Set<string>();
  // A stride through the items: a few bottlings already come from the whole catalogue, not its first rums.
  let stride = 37;
  while (gcd(stride, items.length) !== 1) stride += 2;
  for (let n = 0; n < count; n++) {
    const item = items[(n * stride) % items.length];
    const variant = Math.floor(n / items.length);
    const brand = ctx.brandByKey.get(item.brand)!;
    const id = firstId + n;
    const values: AttributeValues = { ...catalogueValues({ id, item, brand }) };
    delete values.label_condition;
    let base = productNames(item);
    let suffix = { cs: "", en: "" };
    let factor = Math.exp((rng.next() - 0.5) * 0.8);
    if (variant > 0 && "vitola" in values) {
      const year = 1995 + ((variant * 7 + rng.int(0, 3)) % 30);
      values.release_year = year;
      const edition = variant % 3 === 0 ? CIGAR_EDITIONS[variant % CIGAR_EDITIONS.length] : null;
      if (edition) values.edition = edition;
      suffix = {
        cs: `, ${edition ? `${edition} ` : ""}${values.vitola} ${year}`,
        en: `, ${edition ? `${edition} ` : ""}${values.vitola} ${year}`,
      };
      factor *= 1 + Math.max(0, 2020 - year) * 0.04;
    } else if (variant % 3 === 1 && AGED.test(item.kind)) {
      // An independent bottler's cask of the distillery: its own age, vintage and cask number.
      const bottler = BOTTLERS[Math.floor(variant / 3) % BOTTLERS.length];
      const age = rng.int(8, 35);
      const distilled = rng.int(1965, 2025 - age);
      const cask = `${rng.int(1, 9999)}`;
      Object.assign(values, {
        bottler_kind: "independent",
        bottler,
        age_years: age,
        vintage: distilled,
        bottled_year: distilled + age,
        cask_number: cask,
        volume_ml: 700,
      });
      delete values.edition;
      if (typeof values.abv === "number") values.abv = Math.round((43 + rng.next() * 20) * 10) / 10;
      base = {
        cs: `${brand.name} ${distilled} ${bottler} ${age} let`,
        en: `${brand.name} ${distilled} ${bottler} ${age} yo`,
      };
      suffix = { cs: `, sud ${cask}`, en: `, cask ${cask}` };
      factor *= 0.8 + age * 0.06;
    } else if (variant > 0) {
      const distilled = item.vintage ?? 1960 + ((variant * 13) % 50);
      const aged = typeof values.age_years === "number" ? values.age_years : rng.int(8, 30);
      const bottled = Math.min(2025, distilled + aged + rng.int(0, 2));
      const cask = `${rng.int(1, 9999)}`;
      values.bottled_year = bottled;
      values.cask_number = cask;
      values.volume_ml = VOLUMES[variant % VOLUMES.length];
      const edition = variant % 4 === 0 ? EDITIONS[(variant / 4) % EDITIONS.length] : null;
      if (edition) values.edition = edition;
      else delete values.edition;
      if (edition === "Cask Strength Edition" && typeof values.abv === "number")
        values.abv = Math.round((values.abv + rng.next() * 15) * 10) / 10;
      suffix = {
        cs: `${edition ? `, ${edition}` : ""}, stočeno ${bottled}, sud ${cask}`,
        en: `${edition ? `, ${edition}` : ""}, bottled ${bottled}, cask ${cask}`,
      };
      factor *= 1 + Math.max(0, 2015 - bottled) * 0.03;
      if (values.volume_ml === 1000) factor *= 1.3;
      else if (values.volume_ml === 500) factor *= 0.75;
    }
    let nameCs = `${base.cs}${suffix.cs}`;
    let nameEn = `${base.en}${suffix.en}`;
    if (names.has(nameCs)) {
      nameCs = `${nameCs} (${variant})`;
      nameEn = `${nameEn} (${variant})`;
    }
    names.add(nameCs);
    const bottling: PlannedBottling = {
      id,
      item,
      brand,
      names: { cs: nameCs, en: nameEn },
      attributes: cleanAttributes(values),
      valueMinor: Math.max(10_000, Math.round(item.value * factor) * 100),
    };
    bottlings.push(bottling);
    byItem.set(item, [...(byItem.get(item) ?? []), bottling]);
  }
  return { bottlings, byItem };
}

/** A bottling's row, with the columns the bottlings module derives (its own pure helper). */
export function bottlingRow(
  bottling: PlannedBottling,
  ctx: CollectorContext,
  at: Date,
): typeof t.bottlings.$inferInsert {
  const names = { nameCs: bottling.names.cs, nameEn: bottling.names.en };
  return {
    id: bottling.id,
    status: bottlingLifecycle.create("create"),
    categoryId: ctx.categoryIdOf(bottling.item),
    brandId: ctx.brandIdOf(bottling.brand),
    ...names,
    attributes: bottling.attributes,
    ...derivedColumns(names, bottling.attributes, bottling.brand.name),
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * A bulk listing's attribute rows and, with probability `linkShare`, its link to one of its item's
 * bottlings (the popular variants more often): a linked listing carries the bottling's defining
 * attributes instead of its own reading. The link is announced (no watcher notices for a load).
 */
export function listingCollectorRows(
  product: { id: number; item: CatalogueItem; brand: SeedBrand; sellerId: number | null; createdAt: Date },
  byItem: ReadonlyMap<CatalogueItem, PlannedBottling[]>,
  rng: Random,
  linkShare = 0.5,
): {
  values: (typeof t.listingAttributeValues.$inferInsert)[];
  link: typeof t.bottlingLinks.$inferInsert | null;
} {
  const own = catalogueValues(product);
  if (Object.keys(own).length === 0) return { values: [], link: null };
  const candidates = byItem.get(product.item);
  if (!candidates?.length || !rng.chance(linkShare))
    return { values: attributeRows(product, own), link: null };
  const bottling = candidates[Math.floor(candidates.length * rng.next() ** 2)];
  for (const key of DEFINING_BOTTLING_KEYS) delete own[key];
  return {
    values: attributeRows(product, { ...own, ...bottling.attributes }),
    link: {
      productId: product.id,
      bottlingId: bottling.id,
      linkedById: product.sellerId,
      linkedAt: product.createdAt,
      announcedAt: product.createdAt,
    },
  };
}
