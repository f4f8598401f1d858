/** The settings module's HTTP calls: the site's read and the back office's (docs/product/back-office.md, "Settings"). */
export { settingsAdminApi } from "./admin.ts";
export { settingsApi } from "./public.ts";
