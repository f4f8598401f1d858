/**
 * Appeals against the operator's decisions about deals (issue 35; ADR 0079): a decided dispute or
 * a kept suspension of bidding, answered by another staff member with reasons.
 */

export const APPEAL_OUTCOMES = ["upheld", "changed"] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** An appeal as its author and the other side of the dispute see it. */
export type AppealView = {
  id: number;
  role: "buyer" | "seller" | "other";
  text: string;
  at: string;
  answer: { outcome: AppealOutcome; text: string; at: string } | null;
};

/** The operator's review of a suspension as the buyer reads it, with the way to appeal a kept one. */
export type StrikeReviewView = {
  id: number;
  outcome: "lifted" | "kept";
  strikes: number;
  facts: string;
  grounds: string;
  at: string;
  /** Until when a kept suspension may be appealed; null when it may not (lifted). */
  appealableUntil: string | null;
  appeal: AppealView | null;
};

/** An appeal in the back office's queue. */
export type AdminAppealRow = {
  id: number;
  subject: "dispute" | "strike_review";
  dealId: number | null;
  strikeReviewId: number | null;
  user: { id: number; username: string; email: string } | null;
  decider: string | null;
  /** Whether the staff member looking decided the appealed decision (and so may not answer it). */
  ownDecision: boolean;
  text: string;
  at: string;
  answer: { outcome: AppealOutcome; text: string; at: string; by: string | null } | null;
};
