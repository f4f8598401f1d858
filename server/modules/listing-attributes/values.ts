import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import {
  type AttributeDefinition,
  type AttributeValue,
  type AttributeValues,
  FILL_LEVEL_KEY,
} from "#core/contracts/listing-attributes.ts";
import { matchKey } from "#core/rules/listing-attributes.ts";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { listingAttributeValues } from "./tables.ts";

/**
 * The evidence's fill levels as another module's piece of SQL (ADR 0017): `(product_id,
 * fill_level)` rows of the listings in `productIds` (an int[] value) that state one.
 */
export type FillLevelRows = (productIds: SQL) => SQL;

/**
 * The stored values of the given listings, by listing (a listing without any is absent), with the
 * evidence's fill level under FILL_LEVEL_KEY when `fillLevels` is given: one statement.
 */
export async function storedValues(
  executor: Db,
  productIds: number[],
  fillLevels?: FillLevelRows,
): Promise<Map<number, AttributeValues>> {
  const out = new Map<number, AttributeValues>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return out;
  const wanted = sql`${`{${ids.join(",")}}`}::int[]`;
  const result = await executor.execute(sql`
    select 0 as source, product_id, key, text_value, number_value, bool_value
      from ${listingAttributeValues} where product_id = any(${wanted})
    ${
      fillLevels
        ? sql`union all select 1, f.product_id, ${FILL_LEVEL_KEY}, f.fill_level, null, null
                from (${fillLevels(wanted)}) f`
        : sql``
    }`);
  type Stored = {
    source: number;
    product_id: number;
    key: string;
    text_value: string | null;
    number_value: number | null;
    bool_value: boolean | null;
  };
  const rows = rowsOf<Stored>(result);
  // The evidence's level after the listing's own values: it is the one that counts.
  for (const row of [...rows.filter((r) => r.source === 0), ...rows.filter((r) => r.source !== 0)]) {
    const value = row.number_value ?? row.bool_value ?? row.text_value ?? null;
    if (value === null) continue;
    const productId = Number(row.product_id);
    const values = out.get(productId) ?? {};
    values[row.key] = value;
    out.set(productId, values);
  }
  return out;
}

/**
 * A suggested text typed another way than a value other listings have ("glen grant" for "Glen
 * Grant", "Caol Ila" for "Caol Íla") becomes that value: one value is never two facets.
 */
async function canonicalText(executor: Db, productId: number, key: string, text: string): Promise<string> {
  const [known] = await executor
    .select({ text: listingAttributeValues.textValue })
    .from(listingAttributeValues)
    .where(
      and(
        eq(listingAttributeValues.key, key),
        eq(listingAttributeValues.matchKey, matchKey(text)),
        ne(listingAttributeValues.productId, productId),
      ),
    )
    .limit(1);
  return known?.text ?? text;
}

/** The suggested texts of the values, each as the spelling other listings already use. */
export async function normalisedValues(
  executor: Db,
  productId: number,
  definitions: readonly AttributeDefinition[],
  values: AttributeValues,
): Promise<AttributeValues> {
  const out: AttributeValues = { ...values };
  for (const definition of definitions) {
    const value = out[definition.key];
    if (definition.type === "text" && definition.suggested && typeof value === "string")
      out[definition.key] = await canonicalText(executor, productId, definition.key, value);
  }
  return out;
}

/**
 * The key a value is grouped and filtered by (the facets): a text's spelling-blind key, an enum's
 * own value, a boolean's "true" or "false"; numbers have none (they are ranges).
 */
export function facetKeyOf(
  definition: Pick<AttributeDefinition, "type">,
  value: AttributeValue,
): string | null {
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number") return null;
  return definition.type === "enum" ? value : matchKey(value);
}

/**
 * Replaces a listing's values with the given ones, in the caller's transaction. The fill level is
 * the evidence's (listing-evidence) and is never stored here.
 */
export async function replaceValues(
  tx: Db,
  productId: number,
  definitions: readonly AttributeDefinition[],
  values: AttributeValues,
): Promise<void> {
  await tx.delete(listingAttributeValues).where(eq(listingAttributeValues.productId, productId));
  const rows = definitions.flatMap((definition) => {
    const value = values[definition.key];
    if (value === undefined || definition.key === FILL_LEVEL_KEY) return [];
    const text = typeof value === "string" ? value : null;
    return [
      {
        productId,
        key: definition.key,
        textValue: text,
        matchKey: facetKeyOf(definition, value),
        numberValue: typeof value === "number" ? value : null,
        boolValue: typeof value === "boolean" ? value : null,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(listingAttributeValues).values(rows);
}

/** A relisted listing's copy of the old one's values. */
export async function copyValues(tx: Db, fromId: number, toId: number): Promise<void> {
  const rows = await tx
    .select()
    .from(listingAttributeValues)
    .where(eq(listingAttributeValues.productId, fromId));
  if (rows.length > 0)
    await tx.insert(listingAttributeValues).values(rows.map((row) => ({ ...row, productId: toId })));
}
