import { z } from "zod";

export const WATCHDOG_KINDS = ["product", "category", "search"] as const;
export const WATCHDOG_DELIVERIES = ["immediate", "daily"] as const;
export const WATCHDOG_QUERY_MIN = 2;
export const WATCHDOG_QUERY_MAX = 100;

/**
 * A new watchdog (POST /api/me/watchdogs, the "watch this" buttons and the watchdogs page's form):
 * a sold-out product, a category or a search, and how it is delivered. The service checks that the
 * product is sold out, the category active and the cleaned words long enough, in the user's language.
 */
export const WatchdogInputSchema = z.object({
  kind: z.enum(WATCHDOG_KINDS),
  productId: z.number().int().optional(),
  categoryId: z.number().int().optional(),
  query: z
    .string()
    .max(WATCHDOG_QUERY_MAX * 2)
    .optional(),
  delivery: z.enum(WATCHDOG_DELIVERIES).optional().meta({ description: "Default immediate" }),
});

/** A watchdog's delivery (PATCH /api/me/watchdogs/{id}, the select of the watchdogs page). */
export const WatchdogDeliverySchema = z.object({ delivery: z.enum(WATCHDOG_DELIVERIES) });

/**
 * The watchdogs page's forms (app/routes/account/watchdogs.tsx): add, change delivery, remove, and
 * a new address for a search watchdog's feed.
 */
export const WatchdogActionSchema = z.discriminatedUnion("intent", [
  WatchdogInputSchema.extend({ intent: z.literal("create") }),
  WatchdogDeliverySchema.extend({ intent: z.literal("delivery"), id: z.number().int() }),
  z.object({ intent: z.literal("remove"), id: z.number().int() }),
  z.object({ intent: z.literal("resetFeed"), id: z.number().int() }),
]);
