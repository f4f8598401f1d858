import type { Db } from "#server/db/client.ts";
import type { AuditEntry } from "./contracts.ts";
import { auditLog } from "./tables.ts";

/**
 * Records an audit entry in the caller's transaction (or on the database), for a change another
 * module makes (the payments module's "transfer arrived" and refunded duplicates, the deletion of
 * an account): the entry commits with the change or not at all.
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    data: entry.data ?? null,
    ip: entry.ip ?? null,
  });
}
