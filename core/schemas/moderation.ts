import { z } from "zod";
import {
  COMPLAINT_TEXT_MAX,
  COMPLAINT_TEXT_MIN,
  DECISION_ACTIONS,
  DECISION_GROUNDS,
  isRestriction,
  REPORT_EXPLANATION_MAX,
  REPORT_EXPLANATION_MIN,
  REPORT_REASONS,
  REPORT_TARGETS,
  type ReportReason,
  type ReportTarget,
  reportReasonsFor,
  STATEMENT_TEXT_MAX,
  TERMS_SECTIONS,
} from "../contracts/moderation.ts";
import { MAX_INT4 } from "../validation/limits.ts";
import { CONTROL_CHARACTER } from "../validation/text-input.ts";

/**
 * Moderation's inputs (docs/product/back-office.md, "Moderation"): the public report form and
 * POST /api/reports, the moderator's decision, the affected user's complaint and its decision.
 * The pages' forms and the API read the same schemas.
 */

const id = z.coerce.number({ error: "validation.required" }).int().positive().max(MAX_INT4);

/** Text with its own length limits; tabs and newlines pass, other control characters do not. */
const text = (min: number, max: number) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required", abort: true })
    .min(min, { error: "moderation.errors.tooShort", abort: true })
    .max(max, { error: "moderation.errors.tooLong" })
    .refine((value) => !CONTROL_CHARACTER.test(value), {
      error: "validation.controlCharacters",
    });

const optionalEmail = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.email({ error: "moderation.errors.email" }).max(254).optional(),
);

const ReportFields = z.object({
  target: z.enum(REPORT_TARGETS, { error: "validation.required" }),
  targetId: id,
  reason: z.enum(REPORT_REASONS, { error: "moderation.errors.reason" }),
  explanation: text(REPORT_EXPLANATION_MIN, REPORT_EXPLANATION_MAX),
  email: optionalEmail,
});

/** The reason fits the content ("suspected fake" is about a listing only). */
const reasonFits = [
  (value: { target: ReportTarget; reason: ReportReason }) =>
    reportReasonsFor(value.target).includes(value.reason),
  { path: ["reason"] as string[], message: "moderation.errors.reason" },
] as const;

/** A notice (Art. 16): what, why (a reason from the list and an explanation), and an optional e-mail. */
export const ReportSchema = ReportFields.refine(...reasonFits);
export type ReportInput = z.output<typeof ReportSchema>;

/** The public form adds the bot proof (ALTCHA) a guest sends. */
export const ReportFormSchema = ReportFields.extend({ altcha: z.string().max(4000).optional() }).refine(
  ...reasonFits,
);

/**
 * A moderator's decision with its statement of reasons (Art. 17). `suspendedUntil` is a date
 * (YYYY-MM-DD) for a suspension; a restriction needs facts, reasons and the rule of the terms.
 */
export const DecisionSchema = z
  .object({
    action: z.enum(DECISION_ACTIONS, { error: "validation.required" }),
    target: z.enum(REPORT_TARGETS, { error: "validation.required" }),
    targetId: id,
    reportId: id.optional(),
    ground: z.enum(DECISION_GROUNDS).default("report"),
    facts: z.string().trim().max(STATEMENT_TEXT_MAX, { error: "moderation.errors.tooLong" }).default(""),
    reasons: z.string().trim().max(STATEMENT_TEXT_MAX, { error: "moderation.errors.tooLong" }).default(""),
    termsSection: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(TERMS_SECTIONS).optional(),
    ),
    suspendedUntil: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.iso.date({ error: "moderation.errors.date" }).optional(),
    ),
  })
  .superRefine((value, ctx) => {
    const restriction = isRestriction(value.action);
    if (restriction && value.facts.length < 10)
      ctx.addIssue({ code: "custom", path: ["facts"], message: "moderation.errors.statement" });
    if (restriction && value.reasons.length < 10)
      ctx.addIssue({ code: "custom", path: ["reasons"], message: "moderation.errors.statement" });
    if (restriction && !value.termsSection)
      ctx.addIssue({ code: "custom", path: ["termsSection"], message: "validation.required" });
    if (value.action === "suspend_account" && !value.suspendedUntil)
      ctx.addIssue({ code: "custom", path: ["suspendedUntil"], message: "moderation.errors.date" });
  });
export type DecisionInput = z.output<typeof DecisionSchema>;

/** An internal complaint against a decision (Art. 20). */
export const ComplaintSchema = z.object({ text: text(COMPLAINT_TEXT_MIN, COMPLAINT_TEXT_MAX) });

/** Another staff member's answer to a complaint: the decision stands (upheld) or is reversed. */
export const ComplaintDecisionSchema = z.object({
  outcome: z.enum(["upheld", "reversed"], { error: "validation.required" }),
  answer: text(10, STATEMENT_TEXT_MAX),
});
