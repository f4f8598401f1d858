export { createDashboardService, type DashboardService, type DashboardSources } from "./dashboard.ts";
export { recordAudit } from "./record.ts";
export { type AuditEntry, type AuditService, createAuditService } from "./service.ts";
