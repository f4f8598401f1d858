import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns.ts";
import { userKey } from "../users/keys.ts";

/** Every change made in the back office (and other sensitive actions): who, what, on which entity. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** NULL = the system. */
    actorId: integer("actor_id").references(userKey, { onDelete: "set null" }),
    /** e.g. 'product.reject', 'setting.update', 'user.block'. */
    action: text("action").notNull(),
    /** Table or aggregate name, e.g. 'product'. */
    entity: text("entity").notNull(),
    /** Text, so composite or non-numeric keys fit (settings name, country code). */
    entityId: text("entity_id"),
    /** Details such as the changed fields with old and new values. */
    data: jsonb("data").$type<Record<string, unknown>>(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_actor_id_idx").on(t.actorId),
    index("audit_log_created_at_idx").on(t.createdAt),
  ],
);

export type AuditLogEntry = typeof auditLog.$inferSelect;
