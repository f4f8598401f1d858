import { z } from "zod";
import { PROVIDER_CALL_STATES } from "#core/contracts/admin-deals.ts";
import { DEAL_STATUSES } from "#core/lifecycles/deal.ts";
import { CONTROL_CHARACTER } from "#core/validation/text-input.ts";

/** The back office's deals (docs/product/back-office.md, "Deals through Rarita"; ADR 0076). */

/** The deals table's own filters from the URL; anything unknown is dropped. */
export const AdminDealFiltersSchema = z.object({
  status: z.enum(DEAL_STATUSES).optional().catch(undefined),
});

/** The payouts table's filters: refused, pending or done; refunds or transfers. */
export const ProviderCallFiltersSchema = z.object({
  state: z.enum(PROVIDER_CALL_STATES).optional().catch(undefined),
  kind: z.enum(["refund", "transfer"]).optional().catch(undefined),
});

/**
 * The operator's cancel of a deal before the goods left: the reason is required (it goes to the
 * deal's history and the audit). The deal page's form and POST /api/admin/deals/{id}/cancel.
 */
export const CancelDealSchema = z.object({
  reason: z
    .string({ error: "validation.required" })
    .trim()
    .min(3, { error: "adminDeals.errors.reasonRequired" })
    .max(500, { error: "adminDeals.errors.reasonTooLong" })
    .refine((text) => !CONTROL_CHARACTER.test(text), { error: "validation.controlCharacters" }),
});

/** A move on the deal's page, told apart by `intent`. */
export const AdminDealActionSchema = z.discriminatedUnion("intent", [
  CancelDealSchema.extend({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("retry") }),
]);
