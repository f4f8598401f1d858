import type { Db } from "#server/db/client.ts";
import type { AuditEntry } from "./contracts.ts";
import { recordAudit } from "./record.ts";

/**
 * The back office's record of who changed what (docs/product/accounts.md, "Roles, groups,
 * permissions": every change is audited).
 */
export function createAuditService(db: Db) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await recordAudit(db, entry);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
