import { and, eq, inArray } from "drizzle-orm";
import type { ComplaintStatus } from "#core/contracts/moderation.ts";
import { complaintLifecycle, reportLifecycle } from "#core/lifecycles/moderation.ts";
import type { Db } from "#server/db/client.ts";
import { type ModerationReport, moderationComplaints, moderationReports } from "./tables.ts";

/**
 * The only place a notice (report) or a complaint is created or its status written
 * (docs/architecture.md, "Lifecycles"; tests/architecture/status-writes.test.ts checks it): each
 * operation applies its named transition of core/lifecycles/moderation.ts (`report.file`,
 * `report.decide`, `complaint.lodge`, `complaint.uphold`, `complaint.reverse`). Who may ask for
 * it (a reporter within the limits, another staff member than the decider) is the caller's rule.
 */

export type NewReport = Omit<
  typeof moderationReports.$inferInsert,
  "id" | "status" | "decisionId" | "decidedAt"
>;

/** Files notices, open until a moderator decides them; returns their ids in the order given. */
export async function fileReports(tx: Db, reports: NewReport[]): Promise<number[]> {
  if (reports.length === 0) return [];
  const status = reportLifecycle.create("file");
  const rows = await tx
    .insert(moderationReports)
    .values(reports.map((report) => ({ ...report, status })))
    .returning({ id: moderationReports.id });
  return rows.map((row) => row.id);
}

/**
 * A decision about a piece of content settles every open notice of it (`report.decide`): a
 * guarded update of the notices still in the statuses it leaves. Returns the notices it decided.
 */
export async function decideReports(
  tx: Db,
  about: { target: ModerationReport["target"]; targetId: number },
  decision: { id: number; at: Date },
): Promise<ModerationReport[]> {
  const status = reportLifecycle.move("decide", "open");
  return tx
    .update(moderationReports)
    .set({ status, decisionId: decision.id, decidedAt: decision.at })
    .where(
      and(
        eq(moderationReports.target, about.target),
        eq(moderationReports.targetId, about.targetId),
        inArray(moderationReports.status, [...reportLifecycle.sources("decide")]),
      ),
    )
    .returning();
}

/** Lodges an internal complaint about a decision (`complaint.lodge`); returns its id. */
export async function fileComplaint(
  tx: Db,
  complaint: { decisionId: number; userId: number; text: string; createdAt: Date },
): Promise<number> {
  const status = complaintLifecycle.create("lodge");
  const [row] = await tx
    .insert(moderationComplaints)
    .values({ ...complaint, status })
    .returning({ id: moderationComplaints.id });
  return row.id;
}

/**
 * Another staff member decides a locked open complaint: `complaint.uphold` (the decision stands)
 * or `complaint.reverse` (it is lifted, which the caller does in the same transaction).
 */
export async function settleComplaint(
  tx: Db,
  locked: { id: number; status: ComplaintStatus },
  outcome: "upheld" | "reversed",
  by: { actorId: number; answer: string; at: Date },
): Promise<void> {
  const status = complaintLifecycle.move(outcome === "reversed" ? "reverse" : "uphold", locked.status);
  await tx
    .update(moderationComplaints)
    .set({ status, answer: by.answer, decidedById: by.actorId, decidedAt: by.at })
    .where(eq(moderationComplaints.id, locked.id));
}
