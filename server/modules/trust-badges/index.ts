export {
  createTrustBadges,
  type TrustBadgeSources,
  type TrustBadgesService,
  type TrustChecks,
  trustChecks,
} from "./service.ts";
