import { check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { EVIDENCE_SLOTS, FILL_LEVELS } from "#core/contracts/listing-evidence.ts";
import { oneOf, updatedAt } from "#server/db/columns.ts";
import { productImageKey, productKey } from "../listings/keys.ts";

/**
 * A listing's evidence of authenticity (issue 36, item 3; ADR 0086): its fill level on the
 * collectors' scale, one row per listing that has any evidence, gone with the listing.
 */
export const listingEvidence = pgTable(
  "listing_evidence",
  {
    productId: integer("product_id").primaryKey().references(productKey, { onDelete: "cascade" }),
    fillLevel: text("fill_level", { enum: FILL_LEVELS }),
    updatedAt: updatedAt(),
  },
  (t) => [check("listing_evidence_fill_level_check", oneOf(t.fillLevel, FILL_LEVELS))],
);

/**
 * Which of the listing's photos fills which slot (front label, back label, capsule and seal, fill
 * level, batch code, box). The photo stays the listing's (product_images): a removed photo takes
 * its slot along. That it is a photo of this very listing is the service's check (service.ts).
 */
export const listingEvidencePhotos = pgTable(
  "listing_evidence_photos",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => listingEvidence.productId, { onDelete: "cascade" }),
    slot: text("slot", { enum: EVIDENCE_SLOTS }).notNull(),
    imageId: integer("image_id").notNull().references(productImageKey, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "listing_evidence_photos_pkey", columns: [t.productId, t.slot] }),
    index("listing_evidence_photos_image_id_idx").on(t.imageId),
    check("listing_evidence_photos_slot_check", oneOf(t.slot, EVIDENCE_SLOTS)),
  ],
);
