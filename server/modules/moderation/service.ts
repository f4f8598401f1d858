import { RateLimiter } from "#server/lib/rate-limit.ts";
import { decideComplaint, lodgeComplaint } from "./complaints.ts";
import type { ModerationContext, ModerationDeps, Moderator } from "./context.ts";
import { decide } from "./decisions.ts";
import * as reads from "./reads.ts";
import {
  absorbOlderReports,
  fileReport,
  REPORT_WINDOW_MS,
  REPORTS_PER_WINDOW,
  type Reporter,
} from "./reports.ts";

/**
 * Moderation under the Digital Services Act (docs/product/back-office.md, "Moderation";
 * docs/decisions/0022-moderation-dsa.md): notices from anyone, the queue, decisions with their
 * statements of reasons, complaints decided by someone else, suspensions of repeat abusers.
 */
export function createModerationService(deps: ModerationDeps) {
  const ctx: ModerationContext = {
    ...deps,
    reportLimiter:
      deps.reportLimiter ??
      new RateLimiter({ name: "moderation-reports", limit: REPORTS_PER_WINDOW, windowMs: REPORT_WINDOW_MS }),
    now: deps.now ?? (() => new Date()),
  };
  type Page = { limit: number; offset: number };
  return {
    /** A fresh bot-proof challenge for a guest's report form. */
    challenge: () => ctx.altcha.issue(),
    report: (raw: unknown, who: Reporter) => fileReport(ctx, raw, who),
    decide: (actor: Moderator, raw: unknown) => decide(ctx, actor, raw),
    complain: (user: Pick<Moderator, "id" | "locale">, decisionId: number, raw: unknown) =>
      lodgeComplaint(ctx, user, decisionId, raw),
    decideComplaint: (actor: Moderator, complaintId: number, raw: unknown) =>
      decideComplaint(ctx, actor, complaintId, raw),
    openReports: (page: Page) => reads.openReports(ctx, page),
    listingsInReview: (page: Page) => ctx.listings.inReview(ctx.db, page),
    reportDetail: (id: number) => reads.reportDetail(ctx, id),
    listingReview: (id: number) => reads.listingReview(ctx, id),
    decision: (id: number) => reads.decision(ctx, id),
    /** A statement of reasons as the affected user reads it; null when it is not theirs. */
    decisionFor: (userId: number, id: number) => reads.decision(ctx, id, userId),
    decisions: (page: Page, filter?: { userId?: number }) => reads.decisions(ctx, page, filter),
    /** The statement by its link's key, and the affected user (who may complain with the same key). */
    decisionByKey: (id: number, key: string) => reads.decisionByKey(ctx, id, key),
    complaints: (page: Page, filter?: { open?: boolean }) => reads.complaints(ctx, page, filter),
    complaint: (id: number) => reads.complaint(ctx, id),
    userHistory: (userId: number) => reads.userHistory(ctx, userId),
    /** The reports about the user and their content, and the ones they filed (the user's page), newest first. */
    userReports: (userId: number, limit = 20) => reads.userReports(ctx, userId, limit),
    /** Takes the messages' and the reviews' older open reports into the queue (every report read does). */
    absorbOlderReports: () => absorbOlderReports(ctx),
    waiting: () => reads.waiting(ctx),
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
