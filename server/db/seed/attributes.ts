import type { AttributeValue } from "#core/contracts/listing-attributes.ts";
import { matchKey } from "#core/rules/listing-attributes.ts";
import type { Db } from "../client.ts";
import * as t from "../schema.ts";
import { ATTRIBUTE_VOCABULARY, COUNTRY_OPTIONS, REGION_OPTIONS } from "./attribute-definitions.ts";
import type { SeedCategory } from "./categories.ts";
import { kindGroup } from "./descriptions.ts";
import type { PlannedProduct } from "./products.ts";

/** The enum attributes of the vocabulary: their own value is their facet key. */
const ENUMS = new Set(
  Object.values(ATTRIBUTE_VOCABULARY).flatMap((defs) =>
    defs.filter((d) => d.type === "enum").map((d) => d.key),
  ),
);

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const INDEPENDENT = /velier|gordon|signatory|cadenhead|samaroli|moon import|douglas laing|hunter laing/i;
const CASKS = ["Ex-bourbon", "Oloroso Sherry", "Pedro Ximénez", "Refill Hogshead", "Port Pipe"];
const EDITIONS = ["Connoisseurs Choice", "Rare Malts", "Special Release", "Cask Strength Edition"];
const VITOLAS = [
  ["Robusto", 124, 50],
  ["Churchill", 178, 47],
  ["Corona", 142, 42],
  ["Petit Corona", 129, 42],
  ["Toro", 152, 54],
] as const;

/** The country choice of a brand's origin in Czech ("Skotsko"; Moravia is Czechia's); undefined when none fits. */
const COUNTRY_BY_NAME = new Map([
  ...COUNTRY_OPTIONS.map((option) => [matchKey(option.cs), option.value] as const),
  [matchKey("Morava"), "czechia"],
  [matchKey("Trinidad"), "trinidad"],
  [matchKey("Francie / Karibik"), "france"],
]);

/** The region choice of a brand's origin in Czech ("Speyside", "Toskánsko"); undefined for a town. */
const REGION_BY_NAME = new Map([
  ...REGION_OPTIONS.flatMap((option) => [
    [matchKey(option.cs), option.value] as const,
    [matchKey(option.en), option.value] as const,
  ]),
  [matchKey("Highlands"), "highland"],
  [matchKey("Lowlands"), "lowland"],
  [matchKey("Orkneje"), "islands"],
  [matchKey("Rhône"), "rhone"],
  // The demo's Czech towns and villages, by their land.
  ...["Pálava", "Bořetice", "Boršice", "Vizovice"].map((town) => [matchKey(town), "moravia"] as const),
  [matchKey("Karlovy Vary"), "bohemia"],
]);

/** What the values are read off: a product's id, its catalogue item and its brand. */
export type AttributeSource = Pick<PlannedProduct, "id" | "brand"> & { item?: PlannedProduct["item"] };

/** The values of a demo spirit, read off its catalogue item (age and vintage in its name, its strength). */
function spiritValues(product: AttributeSource): Record<string, AttributeValue> {
  const item = product.item!;
  const values: Record<string, AttributeValue> = {};
  const independent = INDEPENDENT.test(`${item.brand} ${item.name}`);
  values.bottler_kind = independent ? "independent" : "official";
  if (independent) values.bottler = /gordon/i.test(item.name) ? "Gordon & MacPhail" : product.brand.name;
  // "Macallan 18 Sherry Oak", "Glenfarclas 25 yo": a number of 3 to 60 that is no batch, volume or strength.
  const age = /(?<!No\.\s?)\b([1-6]?\d)\b(?!\s*(?:l\b|cl|%|[.,]\d))/i.exec(item.name);
  if (age && Number(age[1]) >= 3 && /whisky|bourbon|japanese|rum|cognac|armagnac/.test(item.kind))
    values.age_years = Number(age[1]);
  if (item.vintage) values.vintage = item.vintage;
  if (item.abv) values.abv = Math.round(item.abv * 10) / 10;
  values.volume_ml = /\b1 l\b/.test(item.name) ? 1000 : 700;
  // "Skotsko, Speyside": the country, and the region after the comma (the demo's sellers write Czech).
  const [country, region] = product.brand.originCs.replace(/\s*\(.*\)$/, "").split(/,\s*/);
  const countryValue = COUNTRY_BY_NAME.get(matchKey(country));
  if (countryValue) values.country = countryValue;
  const regionValue = region ? REGION_BY_NAME.get(matchKey(region)) : undefined;
  if (regionValue) values.region = regionValue;
  values.cask_type = CASKS[product.id % CASKS.length];
  if (product.id % 3 === 0) values.edition = EDITIONS[product.id % EDITIONS.length];
  values.label_condition = product.id % 4 === 0 ? "worn" : "good";
  return values;
}

function cigarValues(product: AttributeSource): Record<string, AttributeValue> {
  const [vitola, length, ring] = VITOLAS[product.id % VITOLAS.length];
  return {
    vitola,
    length_mm: length,
    ring_gauge: ring,
    box_count: Number(/box of (\d+)/i.exec(product.item!.name)?.[1] ?? 25),
    release_year: 2010 + (product.id % 14),
    humidor: true,
  };
}

/**
 * The shared vocabulary's definitions on the demo's category subtrees, and the values of the
 * demo's spirits and cigars read off their catalogue items, so that the product pages show a table
 * of attributes and the category pages their facets.
 */
export async function seedAttributes(
  tx: Tx,
  planned: PlannedProduct[],
  categories: Map<string, SeedCategory>,
): Promise<void> {
  const definitions = Object.entries(ATTRIBUTE_VOCABULARY).flatMap(([key, defs]) =>
    defs.map((definition) => ({ ...definition, categoryId: categories.get(key)!.id })),
  );
  await tx.insert(t.listingAttributeDefinitions).values(definitions);
  const rows = planned.flatMap((product) => attributeRows(product, catalogueValues(product)));
  for (let start = 0; start < rows.length; start += 500)
    await tx.insert(t.listingAttributeValues).values(rows.slice(start, start + 500));
}

/** A spirit's or a cigar's values read off its catalogue item ({} for anything else). */
export function catalogueValues(product: AttributeSource): Record<string, AttributeValue> {
  if (!product.item) return {};
  const group = kindGroup(product.item.kind);
  if (group === "spirit") return spiritValues(product);
  if (group === "tobacco" && /cigar/i.test(product.item.category)) return cigarValues(product);
  return {};
}

/** A listing's listing_attribute_values rows, each value in its type's column with its facet key. */
export function attributeRows(
  product: { id: number },
  values: Record<string, AttributeValue>,
): (typeof t.listingAttributeValues.$inferInsert)[] {
  return Object.entries(values).map(([key, value]) => ({
    productId: product.id,
    key,
    textValue: typeof value === "string" ? value : null,
    matchKey:
      typeof value === "number"
        ? null
        : typeof value === "boolean"
          ? String(value)
          : ENUMS.has(key)
            ? value
            : matchKey(value),
    numberValue: typeof value === "number" ? value : null,
    boolValue: typeof value === "boolean" ? value : null,
  }));
}
