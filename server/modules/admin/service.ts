import type { Db } from "#server/db/client.ts";
import { auditLog } from "./tables.ts";

export type AuditEntry = {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | null;
  data?: Record<string, unknown>;
  ip?: string | null;
};

/** The back office's record of who changed what (product.md: every change is audited). */
export function createAuditService(db: Db) {
  return {
    /** Records an entry; pass the open transaction to record it with the change it describes. */
    async record(entry: AuditEntry, executor: Db = db): Promise<void> {
      await executor.insert(auditLog).values({
        actorId: entry.actorId,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId ?? null,
        data: entry.data ?? null,
        ip: entry.ip ?? null,
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
