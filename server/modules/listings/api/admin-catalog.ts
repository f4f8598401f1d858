import { createApiRouter } from "#server/http/api/router.ts";
import { adminListingRoutes } from "./admin-listings.ts";

/** The back office's listings under /api/admin/catalog (the categories, brands, packages: catalog). */
export const adminListingsApi = createApiRouter();
adminListingRoutes(adminListingsApi);
