import { z } from "zod";

/**
 * The bottlings' forms (issue 37, items 3 and 6): watching a bottling, the listing's pick on its
 * confirmation page ("Je to tato láhev?"), and the back office's edit and merge.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const BottlingWatchSchema = z.object({
  intent: z.enum(["watch", "unwatch"]),
  /** Where to go after (the account's list); only a path of this site. */
  back: z
    .string()
    .regex(/^\/(?![/\\])[^\s\\]*$/)
    .max(300)
    .optional(),
});

/** The seller's answer: a proposed bottling, or "none" (a new one from the listing). */
export const BottlingPickSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("bottling"), bottlingId: id }),
  z.object({ intent: z.literal("bottling-none") }),
]);

export const BottlingMergeSchema = z.object({ intent: z.literal("merge"), intoId: id });

const optionalText = z
  .string()
  .trim()
  .max(120)
  .optional()
  .transform((value) => value || undefined);

/** The back office's edit: names, and attributes by the shared vocabulary's keys (`attr.<key>`). */
export const BottlingEditSchema = z.object({
  intent: z.literal("edit"),
  nameCs: z.string().trim().min(2).max(200),
  nameEn: optionalText,
});
