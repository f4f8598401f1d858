export {
  AUDIT_SORTABLE,
  type AuditLogReader,
  type AuditRow,
  createAuditLogReader,
} from "./audit-log.ts";
export type { AuditActor, AuditEntry, RecordAudit } from "./contracts.ts";
export { createDashboardService, type DashboardService, type DashboardSources } from "./dashboard.ts";
export { recordAudit } from "./record.ts";
export { type AuditService, createAuditService } from "./service.ts";
