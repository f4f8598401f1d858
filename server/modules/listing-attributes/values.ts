import { and, eq, inArray, ne } from "drizzle-orm";
import {
  type AttributeDefinition,
  type AttributeValue,
  type AttributeValues,
  FILL_LEVEL_KEY,
} from "#core/contracts/listing-attributes.ts";
import { matchKey } from "#core/rules/listing-attributes.ts";
import type { Db } from "#server/db/client.ts";
import { listingAttributeValues } from "./tables.ts";

type Row = typeof listingAttributeValues.$inferSelect;

const storedValue = (row: Row) => row.numberValue ?? row.boolValue ?? row.textValue ?? null;

/** The stored values of the given listings, by listing (a listing without any is absent). */
export async function storedValues(
  executor: Db,
  productIds: number[],
): Promise<Map<number, AttributeValues>> {
  const out = new Map<number, AttributeValues>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return out;
  const rows = await executor
    .select()
    .from(listingAttributeValues)
    .where(inArray(listingAttributeValues.productId, ids));
  for (const row of rows) {
    const value = storedValue(row);
    if (value === null) continue;
    const values = out.get(row.productId) ?? {};
    values[row.key] = value;
    out.set(row.productId, values);
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
