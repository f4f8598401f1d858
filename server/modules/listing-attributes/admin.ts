import { and, eq, inArray, ne } from "drizzle-orm";
import type { AttributeDefinitionInput, AttributeOption } from "#core/contracts/listing-attributes.ts";
import { err, ok, type Result } from "#core/result.ts";
import { matchKey } from "#core/rules/listing-attributes.ts";
import type { Db } from "#server/db/client.ts";
import { recordAudit } from "#server/modules/admin/index.ts";
import { type Actor, auditEntry } from "#server/modules/catalog/index.ts";
import { listingAttributeDefinitions, listingAttributeValues } from "./tables.ts";

type Saved = Result<{ id: number }> | Result<never, "not_found"> | Result<never, "duplicate">;

/**
 * The stored values of a key made a choice, as its options: a text written as an option's value or
 * either of its labels, whatever the spelling ("Skotsko", "scotland", "SCOTLAND"), becomes that
 * option (`country`, once free text, is a choice: issue 37). The key means the same in every
 * subtree, so every listing's value is converted; a text that is no option stays as written (the
 * table and the facets show it as it is). In the caller's transaction.
 */
export async function valuesAsOptions(tx: Db, key: string, options: readonly AttributeOption[]) {
  for (const option of options) {
    const spellings = [...new Set([option.value, option.cs, option.en].map(matchKey))].filter(Boolean);
    await tx
      .update(listingAttributeValues)
      .set({ textValue: option.value, matchKey: option.value })
      .where(
        and(
          eq(listingAttributeValues.key, key),
          inArray(listingAttributeValues.matchKey, spellings),
          ne(listingAttributeValues.textValue, option.value),
        ),
      );
  }
}

/**
 * Adds or changes a definition (the back office, the catalogue's scope), with its audit entry. A
 * key the category already has is refused ("duplicate"); its listings' values stay as stored, but
 * for a choice's: texts that name one of its options become that option (valuesAsOptions).
 */
export async function saveDefinition(
  db: Db,
  actor: Actor,
  input: AttributeDefinitionInput & { id?: number; categoryId: number },
): Promise<Saved> {
  return db.transaction(async (tx) => {
    const { id, ...values } = input;
    const same = and(
      eq(listingAttributeDefinitions.categoryId, values.categoryId),
      eq(listingAttributeDefinitions.key, values.key),
      id ? ne(listingAttributeDefinitions.id, id) : undefined,
    );
    const [taken] = await tx
      .select({ id: listingAttributeDefinitions.id })
      .from(listingAttributeDefinitions)
      .where(same);
    if (taken) return err("duplicate");
    if (values.type === "enum") await valuesAsOptions(tx, values.key, values.options);
    if (id) {
      const [before] = await tx
        .select()
        .from(listingAttributeDefinitions)
        .where(eq(listingAttributeDefinitions.id, id));
      if (!before) return err("not_found");
      await tx
        .update(listingAttributeDefinitions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(listingAttributeDefinitions.id, id));
      await recordAudit(
        tx,
        auditEntry(actor, "attribute.update", "attribute_definition", id, before, values),
      );
      return ok({ id });
    }
    const [row] = await tx
      .insert(listingAttributeDefinitions)
      .values(values)
      .returning({ id: listingAttributeDefinitions.id });
    await recordAudit(
      tx,
      auditEntry(actor, "attribute.create", "attribute_definition", row!.id, null, values),
    );
    return ok({ id: row!.id });
  });
}

/** Removes a definition with its audit entry (the listings' values of its key stay stored, unshown). */
export async function removeDefinition(
  db: Db,
  actor: Actor,
  id: number,
): Promise<Result<null> | Result<never, "not_found">> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .delete(listingAttributeDefinitions)
      .where(eq(listingAttributeDefinitions.id, id))
      .returning();
    if (!before) return err("not_found");
    await recordAudit(tx, auditEntry(actor, "attribute.delete", "attribute_definition", id, before, null));
    return ok(null);
  });
}
