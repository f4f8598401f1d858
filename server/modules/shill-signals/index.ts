/**
 * The shill-bidding signals' public face (docs/product/trust.md, "Shill-bidding signals"; ADR
 * 0087): the service (fingerprints, the check, the moderators' list and decisions), its part of
 * the data export and erasure, and the key's resolution. Its tables stay inside.
 */
export type { SignalDecision, SignalFilter } from "./admin.ts";
export { fingerprintKey } from "./fingerprints.ts";
export { createShillSignalsPersonalData } from "./personal-data.ts";
export { createShillSignalsService, type ShillSignalsService } from "./service.ts";
