import { createApiRouter } from "#server/http/api/router.ts";
import { adminBrandRoutes, adminPackageRoutes } from "./admin-brands.ts";
import { adminCategoryRoutes } from "./admin-categories.ts";
import { adminListingRoutes } from "./admin-listings.ts";

/** The back office's catalogue API under /api/admin/catalog (docs/product/back-office.md, "Catalogue"). */
export const adminCatalogApi = createApiRouter();
adminCategoryRoutes(adminCatalogApi);
adminBrandRoutes(adminCatalogApi);
adminPackageRoutes(adminCatalogApi);
adminListingRoutes(adminCatalogApi);
