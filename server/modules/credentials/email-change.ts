import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { type Ok, ok } from "#core/result.ts";
import { EmailChangeSchema } from "#core/schemas/account.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import {
  type AccountContact,
  type AccountRow,
  accountByEmail,
  accountRow,
  checkCurrentPassword,
  type Invalid,
  invalid,
  invalidAt,
  type Limited,
  type PasswordThrottle,
  parseAccountInput,
} from "../users/index.ts";
import type { EmailConfirmationService } from "./email-confirmation.ts";
import { mailLocale } from "./email-links.ts";
import { emailChangeLinkMail, emailChangeNoticeMail, emailChangeTakenMail } from "./mails.ts";
import { emailConfirmationTokens } from "./tables.ts";

export type EmailChangeDeps = {
  db: Db;
  mail: Mailer;
  config: Pick<Config, "publicUrl">;
  loginThrottle: PasswordThrottle;
  emailConfirmation: Pick<EmailConfirmationService, "createLink">;
  now: () => Date;
};

/**
 * The mails of a change, queued in its transaction: the new address gets the confirmation link,
 * or, when another account has it, that account's owner a warning without one (ADR 0010); the
 * current address gets a notice either way.
 */
async function queueChangeMails(
  deps: EmailChangeDeps,
  tx: Db,
  user: AccountRow,
  email: string,
  other: AccountContact | null,
) {
  const { config, mail } = deps;
  const mailIn = mailLocale(user.locale);
  const url = await deps.emailConfirmation.createLink(user.id, email, tx, "change");
  if (other) {
    const taken = emailChangeTakenMail(config.publicUrl, mailLocale(other.locale), other);
    await mail.send({ to: other.email, ...taken }, { tx });
  } else {
    await mail.send({ to: email, ...emailChangeLinkMail(config.publicUrl, mailIn, user, url) }, { tx });
  }
  const notice = emailChangeNoticeMail(config.publicUrl, mailIn, user, email);
  await mail.send({ to: user.email, ...notice }, { tx });
}

/**
 * Starts an e-mail change: the new address gets a confirmation link (48 hours), the current one
 * a notice. The account keeps its address, for login too, until the link is opened
 * (EmailConfirmationService.confirm switches it). Only the newest request counts.
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  userId: number,
  raw: unknown,
  meta: { ip: string },
): Promise<Ok<{ email: string }> | Invalid | Limited> {
  const { db, now } = deps;
  const { data, errors } = parseAccountInput(EmailChangeSchema, raw);
  if (!data) return invalid(errors);
  const user = await accountRow(db, userId);
  if (!user) return invalidAt("form", "errors.unauthorized");
  if (data.email.toLowerCase() === user.email.toLowerCase())
    return invalidAt("email", "accountData.errors.emailSame");
  const refused = await checkCurrentPassword(
    deps.loginThrottle,
    user,
    data.currentPassword,
    "currentPassword",
    meta,
  );
  if (refused) return refused;
  // Whether the new address belongs to another account is never told to the requester (that
  // would let any signed-in user test addresses): the answer, the pending address and the notice
  // to the current address are the same. Only the mail differs: a taken address gets no link,
  // its owner is told that somebody wanted to use it (ADR 0010). The stored link is never sent,
  // so it just expires; confirming would be refused by the unique e-mail anyway.
  const other = await accountByEmail(db, data.email);
  await db.transaction(async (tx) => {
    // An earlier, unconfirmed change is replaced: its link must not switch the address later.
    await tx
      .update(emailConfirmationTokens)
      .set({ usedAt: now() })
      .where(
        and(
          eq(emailConfirmationTokens.userId, user.id),
          isNull(emailConfirmationTokens.usedAt),
          sql`lower(${emailConfirmationTokens.email}) <> lower(${user.email})`,
        ),
      );
    await queueChangeMails(deps, tx, user, data.email, other);
  });
  return ok({ email: data.email });
}

/** The newest unused, unexpired link for an address other than the account's: the pending change. */
export async function pendingEmailOf(
  db: Db,
  userId: number,
  current: string,
  at: Date,
): Promise<string | null> {
  const [row] = await db
    .select({ email: emailConfirmationTokens.email })
    .from(emailConfirmationTokens)
    .where(
      and(
        eq(emailConfirmationTokens.userId, userId),
        isNull(emailConfirmationTokens.usedAt),
        gt(emailConfirmationTokens.expiresAt, at),
        sql`lower(${emailConfirmationTokens.email}) <> lower(${current})`,
      ),
    )
    .orderBy(desc(emailConfirmationTokens.id))
    .limit(1);
  return row?.email ?? null;
}
