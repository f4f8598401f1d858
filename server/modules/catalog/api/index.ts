import { createApiRouter } from "#server/http/api/router.ts";
import { adminBrandRoutes, adminPackageRoutes } from "./admin-brands.ts";
import { adminCategoryRoutes } from "./admin-categories.ts";
import { adminListingRoutes } from "./admin-listings.ts";

export { catalogApi } from "./catalog.ts";

/**
 * The back office's catalogue API under /api/admin/catalog (docs/product/back-office.md,
 * "Catalogue"): categories, brands, packages, and the listings filed in them, whose reads and edits
 * the routes ask of `services.catalogAdmin` (the read side's and the listings' functions, wired in
 * server/services.ts).
 */
export const adminCatalogApi = createApiRouter();
adminCategoryRoutes(adminCatalogApi);
adminBrandRoutes(adminCatalogApi);
adminPackageRoutes(adminCatalogApi);
adminListingRoutes(adminCatalogApi);
