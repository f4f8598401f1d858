import type { DecisionAction, ReportReason, ReportTarget } from "#core/contracts/moderation.ts";
import { formatDate } from "#core/formats/dates.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import { renderMail } from "../mail/index.ts";
import type { ModerationContext } from "./context.ts";

/**
 * Moderation's mails, always sent (they are the notices the DSA requires, not notifications a user
 * may switch off), each in the recipient's language: the reporter's receipt and outcome (Art. 16),
 * the affected user's statement of reasons (Art. 17) and the outcome of their complaint (Art. 20).
 */

type To = { email: string; locale: Locale };

async function send(
  ctx: Pick<ModerationContext, "mail" | "config">,
  tx: Db,
  to: To,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
) {
  const t = (key: "greeting" | "signature") => translate(to.locale, `moderation.mail.${key}`);
  const rendered = renderMail({
    locale: to.locale,
    siteUrl: ctx.config.publicUrl,
    subject,
    paragraphs: [t("greeting"), ...paragraphs],
    action,
    closing: [t("signature")],
  });
  await ctx.mail.send({ to: to.email, ...rendered }, { tx });
}

/** The statement's page; with its access key it opens without signing in (a suspended account). */
export function decisionUrl(
  ctx: Pick<ModerationContext, "config">,
  locale: Locale,
  id: number,
  key?: string | null,
) {
  const path = localePath("accountDecision", locale, { id });
  return ctx.config.publicUrl + path + (key ? `?k=${encodeURIComponent(key)}` : "");
}

export async function mailReportReceipt(
  ctx: ModerationContext,
  tx: Db,
  to: To,
  report: { id: number; target: ReportTarget; targetId: number; reason: ReportReason },
) {
  const l = to.locale;
  await send(ctx, tx, to, translate(l, "moderation.mail.receiptSubject", { id: report.id }), [
    translate(l, "moderation.mail.receiptText", {
      target: translate(l, `moderation.target.${report.target}`),
      targetId: report.targetId,
      reason: translate(l, `moderation.reason.${report.reason}`),
    }),
  ]);
}

export async function mailReportOutcome(
  ctx: ModerationContext,
  tx: Db,
  to: To,
  report: { id: number; target: ReportTarget; targetId: number },
  action: DecisionAction,
) {
  const l = to.locale;
  await send(ctx, tx, to, translate(l, "moderation.mail.outcomeSubject", { id: report.id }), [
    translate(l, "moderation.mail.outcomeText", {
      target: translate(l, `moderation.target.${report.target}`),
      targetId: report.targetId,
      action: translate(l, `moderation.action.${action}`),
    }),
  ]);
}

export async function mailStatement(
  ctx: ModerationContext,
  tx: Db,
  to: To,
  decision: {
    id: number;
    action: DecisionAction;
    targetLabel: string;
    reasons: string;
    accessKey: string | null;
  },
) {
  const l = to.locale;
  const action = translate(l, `moderation.action.${decision.action}`);
  await send(
    ctx,
    tx,
    to,
    translate(l, "moderation.mail.statementSubject", { action }),
    [
      translate(l, "moderation.mail.statementText", {
        what: decision.targetLabel,
        action,
        reasons: decision.reasons,
      }),
      translate(l, "moderation.mail.statementRedress"),
    ],
    {
      label: translate(l, "moderation.mail.statementButton"),
      url: decisionUrl(ctx, l, decision.id, decision.accessKey),
    },
  );
}

export async function mailComplaintOutcome(
  ctx: ModerationContext,
  tx: Db,
  to: To,
  outcome: {
    decisionId: number;
    reversed: boolean;
    answer: string;
    accessKey: string | null;
    /** The reversal freed the account (a running suspension or a block): said with its date. */
    lifted?: { blocked: boolean; since: Date } | null;
  },
) {
  const l = to.locale;
  await send(
    ctx,
    tx,
    to,
    translate(l, "moderation.mail.complaintSubject", { id: outcome.decisionId }),
    [
      translate(
        l,
        outcome.reversed ? "moderation.mail.complaintReversed" : "moderation.mail.complaintUpheld",
        {
          answer: outcome.answer,
        },
      ),
      ...(outcome.lifted ? [liftedParagraph(l, outcome.lifted)] : []),
    ],
    {
      label: translate(l, "moderation.mail.statementButton"),
      url: decisionUrl(ctx, l, outcome.decisionId, outcome.accessKey),
    },
  );
}

/** The paragraph saying that the account is free again, and since when (a lift or a reversal). */
export function liftedParagraph(locale: Locale, lifted: { blocked: boolean; since: Date }) {
  return translate(
    locale,
    lifted.blocked ? "moderation.mail.liftedBlock" : "moderation.mail.liftedSuspension",
    {
      since: formatDate(lifted.since, locale, true),
    },
  );
}

/** The account's suspension or block lifted early by a moderator: the user may sign in again. */
export async function mailLifted(
  ctx: ModerationContext,
  tx: Db,
  to: To,
  lifted: { blocked: boolean; since: Date; decision: { id: number; accessKey: string | null } | null },
) {
  const l = to.locale;
  await send(
    ctx,
    tx,
    to,
    translate(l, "moderation.mail.liftedSubject"),
    [liftedParagraph(l, lifted)],
    lifted.decision
      ? {
          label: translate(l, "moderation.mail.liftedButton"),
          url: decisionUrl(ctx, l, lifted.decision.id, lifted.decision.accessKey),
        }
      : undefined,
  );
}
