import type { DisputeReason, DisputeStatus } from "#core/lifecycles/dispute.ts";
import type { DealParty } from "./admin-deals.ts";

/**
 * The operator's side of disputes and strikes (issue 35, items 6, 7 and 9): the disputes' queue,
 * the buyers with strikes and the reviews of their suspended bidding.
 */

/** An open or escalated dispute as the queue lists it: the escalated first, then by the answer deadline. */
export type AdminDisputeRow = {
  dealId: number;
  status: Exclude<DisputeStatus, "resolved">;
  reason: DisputeReason;
  productName: string;
  buyer: DealParty | null;
  seller: DealParty | null;
  /** What the buyer paid in all (the amount in dispute at most). */
  totalMinor: number;
  /** A personal pickup's deal: "not arrived" reads as a handover that did not happen. */
  pickup: boolean;
  openedAt: string;
  /** From when either side may hand it over (the answer days' end). */
  escalatableAt: string;
  escalatedAt: string | null;
};

/** A strike: the won auction left unpaid. */
export type AdminStrike = {
  dealId: number;
  productName: string;
  at: string;
  /** Cleared by an operator's review (no longer counting), or null. */
  clearedAt: string | null;
};

/** The operator's review of a suspension, with its statement of reasons. */
export type AdminStrikeReview = {
  id: number;
  outcome: "lifted" | "kept";
  facts: string;
  grounds: string;
  reviewer: string | null;
  at: string;
};

/** A buyer with strikes in the last 12 months. */
export type AdminStrikeRow = {
  user: DealParty;
  /** Strikes counting now (in 12 months, not cleared): two or more suspend bidding. */
  counting: number;
  suspended: boolean;
  strikes: AdminStrike[];
  /** The latest review, if any. */
  review: AdminStrikeReview | null;
};

export const STRIKE_REVIEW_OUTCOMES = ["lifted", "kept"] as const;
