import type { FieldProblems } from "#core/contracts/errors.ts";
import type { Db } from "#server/db/client.ts";
import type { ResolvedListing } from "./types.ts";

/**
 * The evidence of authenticity's hook (listing-evidence, wired in server/wiring): checked with the
 * listing, saved in its transaction, copied to a relisted listing with its photos (old id -> new id).
 */
export type ListingEvidenceHook = {
  check(db: Db, listing: EvidenceSubject): Promise<FieldProblems>;
  save(tx: Db, productId: number, listing: EvidenceRefs, ids: number[]): Promise<void>;
  copy(tx: Db, fromId: number, toId: number, copies: ReadonlyMap<number, number>): Promise<void>;
};
type EvidenceRefs = Pick<ResolvedListing, "images" | "evidence">;
type EvidenceFields = "format" | "categoryId" | "priceMinor" | "reservePriceMinor" | "images" | "evidence";
/** The listing as the evidence's rules read it; `productId` is null for a new one. */
export type EvidenceSubject = Pick<ResolvedListing, EvidenceFields> & { productId: number | null };
