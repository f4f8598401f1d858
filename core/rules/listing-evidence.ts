import { type EvidenceSlot, type FillLevel, REQUIRED_EVIDENCE_SLOTS } from "../contracts/listing-evidence.ts";

/**
 * When a listing must carry its evidence of authenticity (docs/product/trust.md, "Evidence of
 * authenticity"): an auction of a spirit whose start price or reserve is above the threshold of
 * the `authenticityEvidence` setting needs the photos of the capsule and seal, the fill level and
 * the batch code, and a chosen fill level. The higher of the two prices counts: a low start with a
 * high reserve is the same valuable bottle.
 */

/** 5 000 Kč: the threshold while the setting is not set. */
export const DEFAULT_EVIDENCE_THRESHOLD_MINOR = 500_000;

export type EvidenceRuleListing = {
  format: "auction" | "classified";
  /** Filed under one of the spirits' categories. */
  spirit: boolean;
  priceMinor: number | null;
  reservePriceMinor: number | null;
};

/** Whether the listing needs the required evidence. */
export function evidenceRequired(listing: EvidenceRuleListing, thresholdMinor: number): boolean {
  if (!listing.spirit || listing.format !== "auction") return false;
  const value = Math.max(listing.priceMinor ?? 0, listing.reservePriceMinor ?? 0);
  return value > thresholdMinor;
}

/** What is missing of the required evidence: the slots without a photo, and "fillLevel" when none is chosen. */
export function missingEvidence(evidence: {
  slots: ReadonlySet<EvidenceSlot>;
  fillLevel: FillLevel | null;
}): (EvidenceSlot | "fillLevel")[] {
  const missing: (EvidenceSlot | "fillLevel")[] = REQUIRED_EVIDENCE_SLOTS.filter(
    (slot) => !evidence.slots.has(slot),
  );
  if (!evidence.fillLevel) missing.push("fillLevel");
  return missing;
}
