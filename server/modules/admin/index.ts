export { createAuditService } from "./service.ts";
