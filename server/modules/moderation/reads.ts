import { timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import {
  type ComplaintView,
  complaintDeadline,
  type DecisionView,
  isRestriction,
  type ReportTarget,
} from "#core/contracts/moderation.ts";
import type { Db } from "#server/db/client.ts";
import { contentOf } from "./content.ts";
import type { ModerationContext } from "./context.ts";
import { absorbOlderReports } from "./reports.ts";
import {
  type ModerationComplaint,
  type ModerationDecision,
  type ModerationReport,
  moderationComplaints,
  moderationDecisions,
  moderationReports,
} from "./tables.ts";

type Page = { limit: number; offset: number };

function complaintView(row: ModerationComplaint): ComplaintView {
  return {
    id: row.id,
    decisionId: row.decisionId,
    userId: row.userId ?? 0,
    text: row.text,
    status: row.status,
    answer: row.answer,
    decidedById: row.decidedById,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

async function decisionViews(
  ctx: ModerationContext,
  db: Db,
  rows: ModerationDecision[],
): Promise<DecisionView[]> {
  if (rows.length === 0) return [];
  const complaints = await db
    .select()
    .from(moderationComplaints)
    .where(
      inArray(
        moderationComplaints.decisionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(moderationComplaints.createdAt);
  const deciders = await ctx.accounts.read(
    db,
    rows.flatMap((row) => (row.deciderId ? [row.deciderId] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    target: row.target,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    affectedUserId: row.affectedUserId,
    facts: row.facts,
    reasons: row.reasons,
    termsSection: row.termsSection,
    ground: row.ground,
    reportId: row.reportId,
    suspendedUntil: row.suspendedUntil?.toISOString() ?? null,
    deciderId: row.deciderId ?? 0,
    deciderName: (row.deciderId && deciders.get(row.deciderId)?.username) || "",
    createdAt: row.createdAt.toISOString(),
    complaintDeadline: complaintDeadline(row.createdAt).toISOString(),
    reversedAt: row.reversedAt?.toISOString() ?? null,
    complaints: complaints.filter((c) => c.decisionId === row.id).map(complaintView),
  }));
}

/** One decision with its complaints; for the affected user only when `userId` is theirs. */
export async function decision(
  ctx: ModerationContext,
  id: number,
  userId?: number,
): Promise<DecisionView | null> {
  const where =
    userId === undefined
      ? eq(moderationDecisions.id, id)
      : and(eq(moderationDecisions.id, id), eq(moderationDecisions.affectedUserId, userId));
  const rows = await ctx.db.select().from(moderationDecisions).where(where).limit(1);
  const [view] = await decisionViews(ctx, ctx.db, rows);
  if (!view || (userId !== undefined && !isRestriction(view.action))) return null;
  return view;
}

/**
 * The statement behind its link's access key (the affected user without a session: a suspended or
 * blocked account); null for a wrong key or one that is not a restriction.
 */
export async function decisionByKey(ctx: ModerationContext, id: number, key: string) {
  const [row] = await ctx.db
    .select()
    .from(moderationDecisions)
    .where(eq(moderationDecisions.id, id))
    .limit(1);
  if (!row?.accessKey || !row.affectedUserId || !sameKey(row.accessKey, key)) return null;
  const [view] = await decisionViews(ctx, ctx.db, [row]);
  return view && isRestriction(view.action) ? { view, userId: row.affectedUserId } : null;
}

function sameKey(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A page of decisions, newest first (the decisions list), optionally about one user. */
export async function decisions(ctx: ModerationContext, page: Page, filter: { userId?: number } = {}) {
  const where = filter.userId ? eq(moderationDecisions.affectedUserId, filter.userId) : undefined;
  const rows = await ctx.db
    .select()
    .from(moderationDecisions)
    .where(where)
    .orderBy(desc(moderationDecisions.createdAt), desc(moderationDecisions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await ctx.db.select({ n: count() }).from(moderationDecisions).where(where);
  return { rows: await decisionViews(ctx, ctx.db, rows), total: total?.n ?? 0 };
}

/** Earlier decisions about the same content. */
export async function decisionsAbout(ctx: ModerationContext, target: ReportTarget, targetId: number) {
  const rows = await ctx.db
    .select()
    .from(moderationDecisions)
    .where(and(eq(moderationDecisions.target, target), eq(moderationDecisions.targetId, targetId)))
    .orderBy(desc(moderationDecisions.createdAt));
  return decisionViews(ctx, ctx.db, rows);
}

/** The open reports, oldest first (the queue). */
export async function openReports(ctx: ModerationContext, page: Page) {
  await absorbOlderReports(ctx);
  const where = eq(moderationReports.status, "open");
  const rows = await ctx.db
    .select()
    .from(moderationReports)
    .where(where)
    .orderBy(moderationReports.createdAt, moderationReports.id)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await ctx.db.select({ n: count() }).from(moderationReports).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A user's history as a moderator weighs it (Art. 23): age, verification, listings, decisions, reports. */
export async function userHistory(ctx: ModerationContext, userId: number) {
  const account = (await ctx.accounts.read(ctx.db, [userId])).get(userId) ?? null;
  const against = await ctx.db
    .select({ action: moderationDecisions.action, reversedAt: moderationDecisions.reversedAt })
    .from(moderationDecisions)
    .where(eq(moderationDecisions.affectedUserId, userId));
  // Upheld: restrictions that were not reversed on a complaint (what Art. 23 counts).
  const upheld = against.filter((row) => isRestriction(row.action) && row.reversedAt === null).length;
  const [reports] = await ctx.db
    .select({ n: count() })
    .from(moderationReports)
    .where(and(eq(moderationReports.target, "user"), eq(moderationReports.targetId, userId)));
  return {
    account,
    listingCount: await ctx.listings.countOf(ctx.db, userId),
    decisionCount: against.length,
    upheldCount: upheld,
    reportsAgainstUser: reports?.n ?? 0,
  };
}

/** A report with its content, the other reports and earlier decisions about it, and the owner's history. */
export async function reportDetail(ctx: ModerationContext, id: number) {
  const [report] = await ctx.db.select().from(moderationReports).where(eq(moderationReports.id, id)).limit(1);
  if (!report) return null;
  const content = await contentOf(ctx, ctx.db, report.target, report.targetId);
  const others = await ctx.db
    .select()
    .from(moderationReports)
    .where(and(eq(moderationReports.target, report.target), eq(moderationReports.targetId, report.targetId)))
    .orderBy(desc(moderationReports.createdAt));
  return {
    report,
    content,
    listing: report.target === "listing" ? await ctx.listings.read(ctx.db, report.targetId) : null,
    reports: others,
    decisions: await decisionsAbout(ctx, report.target, report.targetId),
    owner: content?.ownerId ? await userHistory(ctx, content.ownerId) : null,
  };
}

/** A listing as the pre-moderation review shows it. */
export async function listingReview(ctx: ModerationContext, id: number) {
  const listing = await ctx.listings.read(ctx.db, id);
  if (!listing) return null;
  const reports = await ctx.db
    .select()
    .from(moderationReports)
    .where(and(eq(moderationReports.target, "listing"), eq(moderationReports.targetId, id)))
    .orderBy(desc(moderationReports.createdAt));
  return {
    listing,
    reports,
    decisions: await decisionsAbout(ctx, "listing", id),
    seller: listing.sellerId ? await userHistory(ctx, listing.sellerId) : null,
  };
}

/** Complaints, open ones first and oldest first, with their decisions. */
export async function complaints(ctx: ModerationContext, page: Page, filter: { open?: boolean } = {}) {
  const where: SQL | undefined = filter.open ? eq(moderationComplaints.status, "open") : undefined;
  const rows = await ctx.db
    .select({ complaint: moderationComplaints, decision: moderationDecisions })
    .from(moderationComplaints)
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, moderationComplaints.decisionId))
    .where(where)
    .orderBy(desc(isNull(moderationComplaints.decidedAt)), moderationComplaints.createdAt)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await ctx.db.select({ n: count() }).from(moderationComplaints).where(where);
  const views = await decisionViews(
    ctx,
    ctx.db,
    rows.map((row) => row.decision),
  );
  return {
    rows: rows.map((row, i) => ({ complaint: complaintView(row.complaint), decision: views[i] })),
    total: total?.n ?? 0,
  };
}

/** One complaint with its decision. */
export async function complaint(ctx: ModerationContext, id: number) {
  const [row] = await ctx.db
    .select()
    .from(moderationComplaints)
    .where(eq(moderationComplaints.id, id))
    .limit(1);
  if (!row) return null;
  const view = await decision(ctx, row.decisionId);
  return view ? { complaint: complaintView(row), decision: view } : null;
}

/** How many wait: open reports, listings held for review, open complaints (the dashboard's counts). */
export async function waiting(ctx: ModerationContext) {
  await absorbOlderReports(ctx);
  const [reports] = await ctx.db
    .select({ n: count() })
    .from(moderationReports)
    .where(eq(moderationReports.status, "open"));
  const [open] = await ctx.db
    .select({ n: count() })
    .from(moderationComplaints)
    .where(eq(moderationComplaints.status, "open"));
  const held = await ctx.listings.inReview(ctx.db, { limit: 1, offset: 0 });
  return { reports: reports?.n ?? 0, listings: held.total, complaints: open?.n ?? 0 };
}

/** A report as a user's page lists it: what was reported (and what it is called now), why, when, its state. */
export type UserReportView = {
  id: number;
  target: ReportTarget;
  targetId: number;
  /** The content's name (a listing's, an excerpt of a message or a review, a username); null once it is gone. */
  targetLabel: string | null;
  reason: ModerationReport["reason"];
  status: ModerationReport["status"];
  createdAt: string;
  decidedAt: string | null;
  decisionId: number | null;
};

async function userReportViews(ctx: ModerationContext, rows: ModerationReport[]): Promise<UserReportView[]> {
  const labels = new Map<string, string | null>();
  for (const row of rows) {
    const key = `${row.target}:${row.targetId}`;
    if (!labels.has(key))
      labels.set(key, (await contentOf(ctx, ctx.db, row.target, row.targetId))?.label ?? null);
  }
  return rows.map((row) => ({
    id: row.id,
    target: row.target,
    targetId: row.targetId,
    targetLabel: labels.get(`${row.target}:${row.targetId}`) ?? null,
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionId: row.decisionId,
  }));
}

/**
 * The reports a user's page lists (docs/product/back-office.md, "Users"), newest first: about the
 * account itself and about the user's listings, messages and reviews; and the ones the user filed.
 */
export async function userReports(ctx: ModerationContext, userId: number, limit: number) {
  await absorbOlderReports(ctx);
  const page = async (where: SQL | undefined) => {
    const rows = await ctx.db
      .select()
      .from(moderationReports)
      .where(where)
      .orderBy(desc(moderationReports.createdAt), desc(moderationReports.id))
      .limit(limit);
    const [total] = await ctx.db.select({ n: count() }).from(moderationReports).where(where);
    return { rows: await userReportViews(ctx, rows), total: total?.n ?? 0 };
  };
  return {
    about: await page(
      or(
        eq(moderationReports.ownerId, userId),
        and(eq(moderationReports.target, "user"), eq(moderationReports.targetId, userId)),
      ),
    ),
    filed: await page(eq(moderationReports.reporterId, userId)),
  };
}
