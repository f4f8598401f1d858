import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { formatDate } from "#core/formats/dates.ts";
import type { Db } from "#server/db/client.ts";
import type { AccountRestriction } from "../users/index.ts";
import type { ModerationContext } from "./context.ts";
import { mailLifted } from "./mails.ts";
import { moderationDecisions } from "./tables.ts";

/** Whether the account was restricted at `at` (a block, or a suspension still running): what a lift frees. */
export function wasRestricted(before: AccountRestriction | null, at: Date): before is AccountRestriction {
  return Boolean(before && (before.blockedAt || (before.suspendedUntil && before.suspendedUntil > at)));
}

/** The standing suspension or block a moderator lifts early: the decision the user knows (its statement). */
export async function standingRestriction(tx: Db, userId: number) {
  const [row] = await tx
    .select({ id: moderationDecisions.id, accessKey: moderationDecisions.accessKey })
    .from(moderationDecisions)
    .where(
      and(
        eq(moderationDecisions.affectedUserId, userId),
        inArray(moderationDecisions.action, ["suspend_account", "block_account"]),
        isNull(moderationDecisions.reversedAt),
      ),
    )
    .orderBy(desc(moderationDecisions.createdAt), desc(moderationDecisions.id))
    .limit(1);
  return row ?? null;
}

/**
 * Tells the user their account is free again (docs/product/back-office.md, "Moderation"): a system
 * message (`account_restored`, linked to the decision) and, unless the caller mails it itself (a
 * complaint's outcome says it in its own mail), a mail in the user's language, always sent.
 */
export async function announceLift(
  ctx: ModerationContext,
  tx: Db,
  userId: number,
  lifted: {
    before: AccountRestriction;
    since: Date;
    decision: { id: number; accessKey: string | null } | null;
    mail: boolean;
  },
) {
  const user = (await ctx.accounts.read(tx, [userId])).get(userId);
  if (!user || user.deleted) return;
  const blocked = lifted.before.blockedAt !== null;
  if (lifted.mail)
    await mailLifted(ctx, tx, user, { blocked, since: lifted.since, decision: lifted.decision });
  await ctx.notifier.notify(tx, user.id, "account_restored", {
    variant: blocked ? "blocked" : undefined,
    values: { since: formatDate(lifted.since, user.locale, true) },
    link: lifted.decision ? { page: "accountDecision", params: { id: lifted.decision.id } } : undefined,
    mail: false,
  });
}
