import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { ProductStatus } from "#core/contracts/catalog.ts";
import type { FieldProblems } from "#core/contracts/errors.ts";
import { type DecisionAction, isRestriction, RESTRICTIONS_BY_TARGET } from "#core/contracts/moderation.ts";
import { formatDate } from "#core/formats/dates.ts";
import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { type DecisionInput, DecisionSchema } from "#core/schemas/moderation.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import type { AccountRestriction } from "../users/index.ts";
import { type Content, contentOf } from "./content.ts";
import type { ModerationContext, Moderator } from "./context.ts";
import { announceLift, standingRestriction, wasRestricted } from "./lift.ts";
import { mailReportOutcome, mailStatement } from "./mails.ts";
import { moderationDecisions, type moderationReports } from "./tables.ts";
import { decideReports } from "./transitions.ts";

export type DecideOutcome =
  | Ok<{ id: number }>
  | Err<"invalid", { problems: FieldProblems }>
  | Err<"not_found">
  /** The action does not fit the content now (a live listing cannot be "rejected" in pre-moderation...). */
  | Err<"conflict">;

/** Which listing statuses each listing action applies to. */
const LISTING_ACTION_FROM: Partial<Record<DecisionAction, readonly ProductStatus[]>> = {
  approve_listing: ["in_review"],
  reject_listing: ["in_review"],
  remove_listing: ["awaiting_payment", "scheduled", "active"],
  demote_listing: ["awaiting_payment", "scheduled", "active"],
};

async function fits(ctx: ModerationContext, tx: Db, input: DecisionInput, content: Content, at: Date) {
  if (input.action === "no_action") return true;
  if (input.action === "lift_restriction") {
    // Only a running suspension or a block can be lifted early.
    if (content.target !== "user") return false;
    const account = (await ctx.accounts.read(tx, [content.id])).get(content.id);
    return Boolean(account && (account.blockedAt || (account.suspendedUntil && account.suspendedUntil > at)));
  }
  if (input.action === "approve_listing")
    return content.target === "listing" && content.listingStatus === "in_review";
  if (!RESTRICTIONS_BY_TARGET[content.target].includes(input.action as never)) return false;
  const from = LISTING_ACTION_FROM[input.action];
  if (from) return content.listingStatus !== null && from.includes(content.listingStatus);
  return content.ownerId !== null;
}

/** Applies the action through the owners' operations; returns the state before, for the audit and a reversal. */
async function apply(
  ctx: ModerationContext,
  tx: Db,
  actor: Moderator,
  input: DecisionInput,
  content: Content,
  at: Date,
): Promise<{
  before: unknown;
  previousStatus: string | null;
  suspendedUntil: Date | null;
  /** A lift: the account was freed, and the restriction decision it rested on (for the user's notice). */
  freed?: { before: AccountRestriction; decision: { id: number; accessKey: string | null } | null };
}> {
  const by = { actorId: actor.id, at };
  switch (input.action) {
    case "approve_listing": {
      const status = await ctx.listings.approve(tx, content.id, by);
      if (content.ownerId)
        await ctx.notifier.notify(tx, content.ownerId, "listing_approved", { productId: content.id });
      return { before: { status: content.listingStatus }, previousStatus: status, suspendedUntil: null };
    }
    case "reject_listing":
    case "remove_listing": {
      const previous = await ctx.listings.reject(tx, content.id, `moderation:${input.action}`, by);
      return { before: { status: previous }, previousStatus: previous, suspendedUntil: null };
    }
    case "demote_listing": {
      // The status stays: the listing lives on, only out of search and the top places.
      const demoted = await ctx.listings.demote(tx, content.id, at);
      return { before: { demoted: !demoted }, previousStatus: null, suspendedUntil: null };
    }
    case "suspend_account": {
      const until = new Date(`${input.suspendedUntil}T00:00:00Z`);
      const before = await ctx.accounts.suspend(tx, content.ownerId!, until);
      return { before, previousStatus: null, suspendedUntil: until };
    }
    case "block_account": {
      const before = await ctx.accounts.block(tx, content.ownerId!, input.reasons);
      return { before, previousStatus: null, suspendedUntil: null };
    }
    case "lift_restriction": {
      const decision = await standingRestriction(tx, content.id);
      const before = await ctx.accounts.lift(tx, content.id);
      const freed = wasRestricted(before, at) ? { before, decision } : undefined;
      return { before, previousStatus: null, suspendedUntil: null, freed };
    }
    default:
      return { before: null, previousStatus: null, suspendedUntil: null };
  }
}

type Told = {
  id: number;
  action: DecisionAction;
  targetLabel: string;
  reasons: string;
  accessKey: string | null;
  suspendedUntil: Date | null;
};

/**
 * The account restriction as a system message too (the statement mail is the main channel: a
 * blocked user cannot sign in; a suspended one finds it in their system messages when it ends).
 */
async function noticeRestriction(
  ctx: ModerationContext,
  tx: Db,
  owner: { id: number; locale: Locale },
  decision: Told,
) {
  await ctx.notifier.notify(tx, owner.id, "account_restricted", {
    variant: decision.action === "block_account" ? "blocked" : undefined,
    values: {
      reason: decision.reasons,
      until: decision.suspendedUntil ? formatDate(decision.suspendedUntil, owner.locale) : "",
    },
    link: { page: "accountDecision", params: { id: decision.id } },
    mail: false,
  });
}

/** Tells the affected user (statement mail, and the listing's rejected notice) and every reporter. */
async function tell(
  ctx: ModerationContext,
  tx: Db,
  decision: Told,
  content: Content,
  reports: (typeof moderationReports.$inferSelect)[],
) {
  if (isRestriction(decision.action) && content.ownerId) {
    const owner = (await ctx.accounts.read(tx, [content.ownerId])).get(content.ownerId);
    if (owner && !owner.deleted) {
      await mailStatement(ctx, tx, { email: owner.email, locale: owner.locale }, decision);
      if (decision.action === "reject_listing" || decision.action === "remove_listing")
        await ctx.notifier.notify(tx, owner.id, "listing_rejected", {
          productId: content.id,
          values: { reason: decision.reasons },
          link: { page: "accountDecision", params: { id: decision.id } },
        });
      if (decision.action === "suspend_account" || decision.action === "block_account")
        await noticeRestriction(ctx, tx, owner, decision);
    }
  }
  const reporterIds = reports.flatMap((report) => (report.reporterId ? [report.reporterId] : []));
  const reporters = await ctx.accounts.read(tx, reporterIds);
  for (const report of reports) {
    const email =
      report.reporterEmail ?? (report.reporterId ? reporters.get(report.reporterId)?.email : null);
    if (email) await mailReportOutcome(ctx, tx, { email, locale: report.locale }, report, decision.action);
  }
}

/**
 * A moderator's decision (Art. 17): the restriction made through the owners' operations, its
 * statement of reasons kept, the open reports about the content settled, the affected user and
 * the reporters told, the change audited; all in one transaction.
 */
export async function decide(ctx: ModerationContext, actor: Moderator, raw: unknown): Promise<DecideOutcome> {
  const parsed = DecisionSchema.safeParse(raw);
  if (!parsed.success) return err("invalid", { problems: issuesToFieldProblems(parsed.error.issues) });
  const input = parsed.data;
  const at = ctx.now();
  if (input.action === "suspend_account" && new Date(`${input.suspendedUntil}T00:00:00Z`) <= at)
    return err("invalid", { problems: { suspendedUntil: [{ key: "moderation.errors.date" }] } });
  return ctx.db.transaction(async (tx): Promise<DecideOutcome> => {
    const content = await contentOf(ctx, tx, input.target, input.targetId);
    if (!content) return err("not_found");
    if (!(await fits(ctx, tx, input, content, at))) return err("conflict");
    const applied = await apply(ctx, tx, actor, input, content, at);
    const [row] = await tx
      .insert(moderationDecisions)
      .values({
        action: input.action,
        target: input.target,
        targetId: input.targetId,
        targetLabel: content.label,
        affectedUserId: content.ownerId,
        facts: input.facts,
        reasons: input.reasons,
        termsSection: input.termsSection ?? null,
        ground: input.reportId ? "report" : input.ground,
        reportId: input.reportId ?? null,
        suspendedUntil: applied.suspendedUntil,
        previousStatus: applied.previousStatus,
        deciderId: actor.id,
        accessKey: randomBytes(24).toString("base64url"),
        createdAt: at,
      })
      .returning({ id: moderationDecisions.id, accessKey: moderationDecisions.accessKey });
    const reports = await decideReports(tx, input, { id: row.id, at });
    await ctx.audit(tx, {
      actorId: actor.id,
      action: `moderation.${input.action}`,
      entity: input.target,
      entityId: String(input.targetId),
      data: {
        before: applied.before,
        after: { decisionId: row.id, ...input },
        reports: reports.map((r) => r.id),
      },
      ip: actor.ip,
    });
    await tell(
      ctx,
      tx,
      {
        id: row.id,
        action: input.action,
        targetLabel: content.label,
        reasons: input.reasons,
        accessKey: row.accessKey,
        suspendedUntil: applied.suspendedUntil,
      },
      content,
      reports,
    );
    if (applied.freed) await announceLift(ctx, tx, content.id, { ...applied.freed, since: at, mail: true });
    return ok({ id: row.id });
  });
}

/** Decisions by id (the complaint's decision, the queue's history). */
export async function decisionsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(moderationDecisions).where(inArray(moderationDecisions.id, ids));
}
