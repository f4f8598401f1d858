import type { FieldProblems } from "#core/contracts/errors.ts";
import type { ListingInput } from "#core/schemas/listing.ts";
import type { Db } from "#server/db/client.ts";

/** A listing's attributes as the seller sent them (undefined or null: not sent, the stored ones stay). */
export type AttributesSubject = { categoryId: number; attributes?: ListingInput["attributes"] };

/**
 * The structured attributes' hook (listing-attributes, wired in server/wiring; issue 37): the
 * values checked against the category's definitions with the listing, saved in its transaction,
 * copied to a relisted listing.
 */
export type ListingAttributesHook = {
  check(db: Db, listing: AttributesSubject): Promise<FieldProblems>;
  save(tx: Db, productId: number, listing: AttributesSubject): Promise<void>;
  copy(tx: Db, fromId: number, toId: number): Promise<void>;
};
