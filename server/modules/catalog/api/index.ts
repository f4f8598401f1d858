import { createApiRouter } from "#server/http/api/router.ts";
import { adminBrandRoutes, adminPackageRoutes } from "./admin-brands.ts";
import { adminCategoryRoutes } from "./admin-categories.ts";

export { catalogApi } from "./catalog.ts";

/**
 * The back office's catalogue API under /api/admin/catalog (docs/product/back-office.md,
 * "Catalogue"): categories, brands, packages; the listings' routes there are the listings module's.
 */
export const adminCatalogApi = createApiRouter();
adminCategoryRoutes(adminCatalogApi);
adminBrandRoutes(adminCatalogApi);
adminPackageRoutes(adminCatalogApi);
