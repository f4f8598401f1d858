import type { Db } from "#server/db/client.ts";

/**
 * What other modules hand the admin module's audit log: defined once here and imported, never
 * copied (issue 34, "One definition per port type").
 */

/** Who makes a change from the back office, and from where, for the audit log. */
export type AuditActor = { actorId: number; ip?: string | null };

export type AuditEntry = {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | null;
  data?: Record<string, unknown>;
  ip?: string | null;
};

/**
 * Writes the back office's audit record inside the caller's transaction (the admin module's
 * `recordAudit`, passed in by services.ts to the modules that audit their changes).
 */
export type RecordAudit = (tx: Db, entry: AuditEntry) => Promise<void>;
