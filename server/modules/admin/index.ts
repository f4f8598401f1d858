export { recordAudit } from "./record.ts";
export { type AuditEntry, createAuditService } from "./service.ts";
