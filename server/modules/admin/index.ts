export { type AuditEntry, type AuditService, createAuditService } from "./service.ts";
