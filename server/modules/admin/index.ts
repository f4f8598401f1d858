export { recordAudit } from "./record.ts";
export { type AuditEntry, type AuditService, createAuditService } from "./service.ts";
