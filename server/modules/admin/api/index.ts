/** The admin module's routes under /api/admin, mounted by server/http/api/modules.ts. */
export { adminDashboardApi } from "./dashboard.ts";
export { staffAdminApi } from "./staff.ts";
