/**
 * Moderation under the EU Digital Services Act (docs/product/back-office.md, "Moderation";
 * docs/decisions/0022-moderation-dsa.md): notices (Art. 16), statements of reasons (Art. 17),
 * internal complaints (Art. 20) and suspensions of repeat abusers (Art. 23). Plain JSON for the
 * API and the pages: instants are ISO strings.
 */

/** What can be reported. */
/** The texts of a refused complaint (the moderation module answers with the codes, ADR 0068). */
export const COMPLAINT_REFUSAL_KEYS = {
  not_found: "errors.notFound",
  complaint_late: "moderation.errors.complaintLate",
  complaint_open: "moderation.errors.complaintOpen",
  not_complainable: "moderation.errors.notComplainable",
} as const;

export const REPORT_TARGETS = ["listing", "message", "review", "user"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** The fixed list of reasons a reporter picks from. */
export const REPORT_REASONS = [
  "illegal_goods",
  "counterfeit",
  "minors",
  "prohibited_product",
  "fraud",
  "offensive",
  "spam",
  "intellectual_property",
  /** A bottle suspected to be fake or refilled (issue 36: its evidence of authenticity doubted): listings only. */
  "suspected_fake",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons that fit only a listing. */
const LISTING_ONLY_REASONS: readonly ReportReason[] = ["suspected_fake"];

/** The reasons a report of this kind of content may give. */
export function reportReasonsFor(target: ReportTarget): readonly ReportReason[] {
  return target === "listing"
    ? REPORT_REASONS
    : REPORT_REASONS.filter((r) => !LISTING_ONLY_REASONS.includes(r));
}

export const REPORT_EXPLANATION_MIN = 10;
export const REPORT_EXPLANATION_MAX = 2000;

/** A report is open until a moderator decides it (a restriction, or no action). */
export const REPORT_STATUSES = ["open", "decided"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * What a decision did. The restrictions (everything but `approve_listing`, `lift_restriction` (a
 * running suspension or block ended early by the operator) and `no_action`) carry a
 * statement of reasons sent to the affected user, who may complain about it.
 */
export const DECISION_ACTIONS = [
  "approve_listing",
  "reject_listing",
  "remove_listing",
  "demote_listing",
  "suspend_account",
  "block_account",
  "lift_restriction",
  "no_action",
] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

export const RESTRICTIONS = [
  "reject_listing",
  "remove_listing",
  "demote_listing",
  "suspend_account",
  "block_account",
] as const satisfies readonly DecisionAction[];
export type Restriction = (typeof RESTRICTIONS)[number];

export const isRestriction = (action: DecisionAction): action is Restriction =>
  (RESTRICTIONS as readonly string[]).includes(action);

/** Which restrictions apply to which kind of content. */
export const RESTRICTIONS_BY_TARGET: Record<ReportTarget, readonly Restriction[]> = {
  listing: ["reject_listing", "remove_listing", "demote_listing", "suspend_account", "block_account"],
  message: ["suspend_account", "block_account"],
  review: ["suspend_account", "block_account"],
  user: ["suspend_account", "block_account"],
};

/** The sections of the terms a decision may rest on (the terms page's chapters). */
export const TERMS_SECTIONS = [
  "prohibited_goods",
  "age_restricted",
  "counterfeits",
  "listing_rules",
  "fair_dealing",
  "conduct",
  "intellectual_property",
  "legal_compliance",
] as const;
export type TermsSection = (typeof TERMS_SECTIONS)[number];

/** How the moderator learned of the content (Art. 17(3)(b)); always decided by a person. */
export const DECISION_GROUNDS = ["report", "own_initiative"] as const;
export type DecisionGround = (typeof DECISION_GROUNDS)[number];

/** An internal complaint can be lodged this many months after the decision (Art. 20(1)). */
export const COMPLAINT_MONTHS = 6;
export const COMPLAINT_TEXT_MIN = 10;
export const COMPLAINT_TEXT_MAX = 4000;
export const STATEMENT_TEXT_MAX = 4000;

export const COMPLAINT_STATUSES = ["open", "upheld", "reversed"] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** The last day a complaint about a decision made at `decidedAt` is accepted. */
export function complaintDeadline(decidedAt: Date): Date {
  const deadline = new Date(decidedAt);
  deadline.setUTCMonth(deadline.getUTCMonth() + COMPLAINT_MONTHS);
  return deadline;
}

/** The statement of reasons as the affected user and the back office see it. */
export type DecisionView = {
  id: number;
  action: DecisionAction;
  target: ReportTarget;
  targetId: number;
  /** What the restricted content was (a listing's name, a username), as shown to the user. */
  targetLabel: string;
  affectedUserId: number | null;
  facts: string;
  reasons: string;
  termsSection: TermsSection | null;
  ground: DecisionGround;
  reportId: number | null;
  /** The end of an account suspension. */
  suspendedUntil: string | null;
  deciderId: number;
  deciderName: string;
  createdAt: string;
  complaintDeadline: string;
  reversedAt: string | null;
  complaints: ComplaintView[];
};

export type ComplaintView = {
  id: number;
  decisionId: number;
  userId: number;
  text: string;
  status: ComplaintStatus;
  answer: string | null;
  decidedById: number | null;
  createdAt: string;
  decidedAt: string | null;
};
