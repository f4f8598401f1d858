export { createTrustBadges, type TrustBadgeSources, type TrustBadgesService } from "./service.ts";
