/**
 * The badges a profile, a listing's seller and a bidder carry (issue 36, item 5;
 * docs/product/trust.md, "Badges"): each says what was checked and when, so the page can explain
 * it on hover or tap. Dates are ISO days (yyyy-mm-dd, Prague), never the person's data.
 */
import type { AgeProofMethod } from "./age-proof.ts";

export type TrustBadges = {
  /** 18+ proven through a bank identity or the EU attestation, and on which day. */
  age: { method: AgeProofMethod; on: string } | null;
  /** The phone number confirmed by an SMS code, and on which day. */
  phone: { on: string } | null;
  /** A trader whose IČO, name and address ARES confirmed, and on which day (private sellers: null). */
  trader: { on: string } | null;
  /** Deals through the site finished (money released), as buyer or seller. */
  completedDeals: number;
  /** The reviews' average (one decimal) and count; null while nobody rated the account. */
  rating: { average: number; count: number } | null;
};

/** No badge at all: an account nobody checked (or the page could not ask). */
export const NO_BADGES: TrustBadges = {
  age: null,
  phone: null,
  trader: null,
  completedDeals: 0,
  rating: null,
};
