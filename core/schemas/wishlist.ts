import { z } from "zod";
import { MAX_INT4 } from "../validation/limits.ts";

/** A watched product's note, at most. */
export const WISHLIST_NOTE_MAX = 500;

const productId = z.number().int().positive().max(MAX_INT4);

/**
 * A change to one item of a wishlist (PATCH /api/wishlist/{tempId}): add it, set or clear its
 * note, or remove it.
 */
export const WishlistItemChangeSchema = z.object({
  productId,
  note: z
    .string()
    .max(WISHLIST_NOTE_MAX)
    .nullable()
    .optional()
    .meta({ description: "Set (or with null clear) the item's note" }),
  remove: z.boolean().optional().meta({ description: "true removes the product from the wishlist" }),
});

/**
 * The watched products page's forms (app/routes/account/watch.tsx): an item's note (an empty one
 * clears it; its length is checked by the page, which names the maximum), or its removal.
 */
export const WatchNoteSchema = z.object({
  intent: z.literal("note"),
  productId,
  note: z.string().default(""),
});
export const WatchActionSchema = z.discriminatedUnion("intent", [
  WatchNoteSchema,
  z.object({ intent: z.literal("remove"), productId }),
]);

/** Which product a pending submission is about (its buttons wait meanwhile). */
export const WatchProductSchema = z.object({ productId });
