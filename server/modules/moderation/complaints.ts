import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { ProductStatus } from "#core/contracts/catalog.ts";
import type { FieldProblems } from "#core/contracts/errors.ts";
import { complaintDeadline, isRestriction } from "#core/contracts/moderation.ts";
import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { ComplaintDecisionSchema, ComplaintSchema } from "#core/schemas/moderation.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import type { AccountRestriction } from "../users/index.ts";
import type { ModerationContext, Moderator } from "./context.ts";
import { announceLift, wasRestricted } from "./lift.ts";
import { mailComplaintOutcome } from "./mails.ts";
import { type ModerationDecision, moderationComplaints, moderationDecisions } from "./tables.ts";
import { fileComplaint, settleComplaint } from "./transitions.ts";

type Invalid = Err<"invalid", { problems: FieldProblems }>;

/** Ok: the complaint's id. Refused: too late, one open already, or not a restriction (409). */
export type LodgeOutcome =
  | Ok<{ id: number }>
  | Invalid
  | Err<"not_found" | "complaint_late" | "complaint_open" | "not_complainable">;

/**
 * The affected user's internal complaint (DSA Art. 20): only about a restriction of theirs, within
 * 6 months of the decision, one open at a time, not after a reversal.
 */
export async function lodgeComplaint(
  ctx: ModerationContext,
  user: { id: number; locale: Locale },
  decisionId: number,
  raw: unknown,
): Promise<LodgeOutcome> {
  const parsed = ComplaintSchema.safeParse(raw);
  if (!parsed.success) return err("invalid", { problems: issuesToFieldProblems(parsed.error.issues) });
  return ctx.db.transaction(async (tx): Promise<LodgeOutcome> => {
    const [decision] = await tx
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.id, decisionId))
      .for("update");
    if (!decision || decision.affectedUserId !== user.id) return err("not_found");
    if (!isRestriction(decision.action) || decision.reversedAt) return err("not_complainable");
    if (ctx.now() > complaintDeadline(decision.createdAt)) return err("complaint_late");
    const [open] = await tx
      .select({ id: moderationComplaints.id })
      .from(moderationComplaints)
      .where(and(eq(moderationComplaints.decisionId, decisionId), eq(moderationComplaints.status, "open")))
      .limit(1);
    if (open) return err("complaint_open");
    const complaintId = await fileComplaint(tx, {
      decisionId,
      userId: user.id,
      text: parsed.data.text,
      createdAt: ctx.now(),
    });
    await ctx.audit(tx, {
      actorId: user.id,
      action: "moderation.complaint",
      entity: "moderation_decision",
      entityId: String(decisionId),
      data: { before: null, after: { complaintId } },
    });
    return ok({ id: complaintId });
  });
}

/**
 * Refused `same_decider`: the first decider may not decide the complaint about their own decision
 * (Art. 20(6)); `closed`: decided already.
 */
export type ComplaintDecisionOutcome =
  | Ok<{ reversed: boolean }>
  | Invalid
  | Err<"not_found" | "same_decider" | "closed">;

/**
 * Undoes a decision's restriction through the owners' operations; returns the state before, and
 * the account's restriction when the reversal freed a suspended or blocked account.
 */
async function reverse(
  ctx: ModerationContext,
  tx: Db,
  decision: ModerationDecision,
  by: { actorId: number; at: Date },
): Promise<{ before: unknown; freed: AccountRestriction | null }> {
  if (decision.action === "reject_listing" || decision.action === "remove_listing") {
    const to = (decision.previousStatus ?? "active") as ProductStatus;
    const status = await ctx.listings.reinstate(tx, decision.targetId, to, by);
    return { before: { listingStatus: status }, freed: null };
  }
  if (decision.action === "demote_listing") {
    await ctx.listings.restoreRank(tx, decision.targetId);
    return { before: { demoted: false }, freed: null };
  }
  if (
    decision.affectedUserId &&
    (decision.action === "suspend_account" || decision.action === "block_account")
  ) {
    // A later suspension or block of the same kind, or an early lift, replaced this measure: undoing
    // this decision leaves the account as the later one set it (a reversed old suspension must not
    // end a newer block or suspension).
    const [later] = await tx
      .select({ id: moderationDecisions.id })
      .from(moderationDecisions)
      .where(
        and(
          eq(moderationDecisions.affectedUserId, decision.affectedUserId),
          gt(moderationDecisions.id, decision.id),
          inArray(moderationDecisions.action, [decision.action, "lift_restriction"]),
          isNull(moderationDecisions.reversedAt),
        ),
      )
      .limit(1);
    if (later) return { before: null, freed: null };
    const measure = decision.action === "suspend_account" ? "suspension" : "block";
    const before = await ctx.accounts.lift(tx, decision.affectedUserId, measure);
    if (!before) return { before, freed: null };
    const after: AccountRestriction =
      measure === "suspension"
        ? { ...before, suspendedUntil: null }
        : { ...before, blockedAt: null, blockedReason: null };
    // Freed only when nothing else still restricts the account (a block beside a reversed suspension).
    return { before, freed: wasRestricted(before, by.at) && !wasRestricted(after, by.at) ? before : null };
  }
  return { before: null, freed: null };
}

/**
 * Another staff member decides a complaint: upheld (the decision stands) or reversed (the
 * restriction is undone: the listing back where it was, the account free again). Either way the
 * user is told by mail in their language, and the change is audited.
 */
export async function decideComplaint(
  ctx: ModerationContext,
  actor: Moderator,
  complaintId: number,
  raw: unknown,
): Promise<ComplaintDecisionOutcome> {
  const parsed = ComplaintDecisionSchema.safeParse(raw);
  if (!parsed.success) return err("invalid", { problems: issuesToFieldProblems(parsed.error.issues) });
  const { outcome, answer } = parsed.data;
  const at = ctx.now();
  return ctx.db.transaction(async (tx): Promise<ComplaintDecisionOutcome> => {
    const [row] = await tx
      .select({ complaint: moderationComplaints, decision: moderationDecisions })
      .from(moderationComplaints)
      .innerJoin(moderationDecisions, eq(moderationDecisions.id, moderationComplaints.decisionId))
      .where(eq(moderationComplaints.id, complaintId))
      .for("update");
    if (!row) return err("not_found");
    const { complaint, decision } = row;
    if (decision.deciderId === actor.id) return err("same_decider");
    if (complaint.status !== "open") return err("closed");
    const reversed = outcome === "reversed";
    const restored = reversed ? await reverse(ctx, tx, decision, { actorId: actor.id, at }) : null;
    const freed = restored?.freed ?? null;
    await settleComplaint(tx, complaint, outcome, { actorId: actor.id, answer, at });
    if (reversed)
      await tx
        .update(moderationDecisions)
        .set({ reversedAt: at })
        .where(eq(moderationDecisions.id, decision.id));
    await ctx.audit(tx, {
      actorId: actor.id,
      action: `moderation.complaint_${outcome}`,
      entity: "moderation_complaint",
      entityId: String(complaintId),
      data: {
        before: { status: "open", restriction: restored?.before ?? null },
        after: { status: outcome, answer },
      },
      ip: actor.ip,
    });
    if (decision.affectedUserId) {
      // A reversal that freed a suspended or blocked account says so (the mail, a system message).
      const user = (await ctx.accounts.read(tx, [decision.affectedUserId])).get(decision.affectedUserId);
      if (user && !user.deleted)
        await mailComplaintOutcome(ctx, tx, user, {
          decisionId: decision.id,
          reversed,
          answer,
          accessKey: decision.accessKey,
          lifted: freed ? { blocked: freed.blockedAt !== null, since: at } : null,
        });
      if (freed)
        await announceLift(ctx, tx, decision.affectedUserId, {
          before: freed,
          since: at,
          decision: { id: decision.id, accessKey: decision.accessKey },
          mail: false,
        });
    }
    return ok({ reversed });
  });
}
