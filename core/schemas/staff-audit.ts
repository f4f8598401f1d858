import { z } from "zod";

/** The audit log's columns that sort it (newest first by default). */
export const AUDIT_SORTABLE = ["createdAt", "action", "entity"] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .optional()
  .catch(undefined)
  .meta({ type: "string", format: "date" });

/**
 * The audit log's filters (GET /api/admin/audit and /admin/audit), beside the table's search, sort
 * and page: an actor's id, an action, an object and a date range (inclusive days). A malformed
 * filter is dropped rather than refused: the URL is a bookmark, not a form.
 */
export const AuditFiltersSchema = z.object({
  actor: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .catch(undefined)
    .meta({ type: "integer", description: "The actor's user id" }),
  action: z.string().trim().min(1).max(100).optional().catch(undefined).meta({ type: "string" }),
  entity: z.string().trim().min(1).max(100).optional().catch(undefined).meta({ type: "string" }),
  from: day,
  to: day,
});
export type AuditFilters = z.infer<typeof AuditFiltersSchema>;
