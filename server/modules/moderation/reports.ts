import { and, eq } from "drizzle-orm";
import type { FieldProblems } from "#core/contracts/errors.ts";
import type { Locale } from "#core/i18n/index.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { ReportSchema } from "#core/schemas/moderation.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import { contentOf } from "./content.ts";
import type { ModerationContext } from "./context.ts";
import { mailReportReceipt } from "./mails.ts";
import { moderationReports } from "./tables.ts";
import { fileReports } from "./transitions.ts";

/** Reports a guest or a user may send per window (per address for a guest, per account otherwise). */
export const REPORTS_PER_WINDOW = 5;
export const REPORT_WINDOW_MS = 10 * 60 * 1000;

export type Reporter = {
  /** The signed-in reporter; null for a guest. */
  user: { id: number; email: string; locale: Locale } | null;
  ip: string | null;
  locale: Locale;
  /** A guest's ALTCHA payload. */
  altcha?: unknown;
};

/** Ok: the report's id and the address its receipt went to. */
export type ReportOutcome =
  | Ok<{ id: number; email: string | null }>
  | Err<"invalid", { problems: FieldProblems }>
  | Err<"not_found" | "bot">
  | Err<"limited", { retryAfter: number }>;

/**
 * A notice (DSA Art. 16) from anyone: checked (a reason from the list, an explanation of a
 * sensible length, a valid e-mail when given), limited per reporter, a guest's bot proof checked,
 * the content found; then kept, and the receipt mailed to the reporter's address when there is one
 * (a guest's given address, else the account's).
 */
export async function fileReport(
  ctx: ModerationContext,
  raw: unknown,
  who: Reporter,
): Promise<ReportOutcome> {
  const parsed = ReportSchema.safeParse(raw);
  if (!parsed.success) return err("invalid", { problems: issuesToFieldProblems(parsed.error.issues) });
  const input = parsed.data;
  const key = who.user ? `user:${who.user.id}` : `ip:${who.ip ?? "unknown"}`;
  const wait = await ctx.reportLimiter.wait(key);
  if (wait > 0) return err("limited", { retryAfter: wait });
  // A signed-in reporter has passed sign-in; a guest proves a little work, as at registration.
  if (!who.user && (await ctx.altcha.verify(who.altcha)) !== "ok") return err("bot");
  if (!(await ctx.reportLimiter.attempt(key)))
    return err("limited", { retryAfter: await ctx.reportLimiter.retryAfterSeconds(key) });
  const content = await contentOf(ctx, ctx.db, input.target, input.targetId);
  if (!content) return err("not_found");
  const email = input.email ?? who.user?.email ?? null;
  const locale = who.user?.locale ?? who.locale;
  const id = await ctx.db.transaction(async (tx) => {
    const [filed] = await fileReports(tx, [
      {
        target: input.target,
        targetId: input.targetId,
        reason: input.reason,
        explanation: input.explanation,
        reporterId: who.user?.id ?? null,
        reporterEmail: input.email ?? null,
        ownerId: content.ownerId,
        locale,
        createdAt: ctx.now(),
      },
    ]);
    if (email) await mailReportReceipt(ctx, tx, { email, locale }, { ...input, id: filed });
    return filed;
  });
  return ok({ id, email });
}

/**
 * Takes the open reports the messages and reviews modules still keep (signed-in users' own
 * "report" buttons) into the queue as notices with the reason "other" and their text, with whose
 * the content is. Every read of reports (the queue, the dashboard's count, a user's page) runs it
 * first, so they all see the same open reports whichever is read first. Batches until none is left.
 */
export async function absorbOlderReports(ctx: ModerationContext): Promise<number> {
  const sources = ctx.olderReports;
  if (!sources) return 0;
  return ctx.db.transaction(async (tx) => {
    let taken = 0;
    for (;;) {
      const rows = [
        ...(await sources.message(tx)).map((row) => ({ ...row, target: "message" as const })),
        ...(await sources.review(tx)).map((row) => ({ ...row, target: "review" as const })),
      ];
      if (rows.length === 0) return taken;
      const owners: (number | null)[] = [];
      for (const row of rows)
        owners.push((await contentOf(ctx, tx, row.target, row.targetId))?.ownerId ?? null);
      await fileReports(
        tx,
        rows.map((row, i) => ({
          target: row.target,
          targetId: row.targetId,
          reason: "other" as const,
          explanation: row.reason.trim() || "–",
          reporterId: row.reporterId,
          ownerId: owners[i],
          createdAt: row.createdAt,
        })),
      );
      taken += rows.length;
    }
  });
}

/** The open reports about one piece of content (a decision settles them all). */
export async function openReportsAbout(ctx: ModerationContext, target: string, targetId: number) {
  return ctx.db
    .select()
    .from(moderationReports)
    .where(
      and(
        eq(moderationReports.target, target as "listing"),
        eq(moderationReports.targetId, targetId),
        eq(moderationReports.status, "open"),
      ),
    );
}
