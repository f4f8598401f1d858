import { and, eq, isNull, sql } from "drizzle-orm";
import { type KeysUnder, type Locale, translate } from "#core/i18n/index.ts";
import { EmailChangeSchema } from "#core/schemas/account.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { greetingName, renderMail } from "../../mail/index.ts";
import type { EmailConfirmationService } from "../email-confirmation.ts";
import { mailLocale } from "../email-links.ts";
import { emailConfirmationTokens, type User, users } from "../tables.ts";
import { checkPassword, type PasswordThrottle } from "./current-password.ts";
import { type Invalid, type Limited, loadUser, parse } from "./shared.ts";

export type EmailChangeDeps = {
  db: Db;
  mail: Mailer;
  config: Pick<Config, "publicUrl">;
  loginThrottle: PasswordThrottle;
  emailConfirmation: Pick<EmailConfirmationService, "createLink">;
  now: () => Date;
};

/** The account that has the address already, if any. */
async function ownerOf(db: Db, email: string) {
  const [other] = await db
    .select({
      username: users.username,
      firstname: users.firstname,
      locale: users.locale,
      email: users.email,
    })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return other ?? null;
}

/**
 * The mails of a change, queued in its transaction: the new address gets the confirmation link,
 * or, when another account has it, that account's owner a warning without one (ADR 0010); the
 * current address gets a notice either way.
 */
async function queueChangeMails(
  deps: EmailChangeDeps,
  tx: Db,
  user: User,
  email: string,
  other: Awaited<ReturnType<typeof ownerOf>>,
) {
  const { config, mail } = deps;
  const mailIn = mailLocale(user.locale);
  const t = (key: KeysUnder<"accountData.mail">, params: Record<string, string> = {}) =>
    translate(mailIn, `accountData.mail.${key}`, { person: greetingName(user), ...params });
  const url = await deps.emailConfirmation.createLink(user.id, email, tx, "change");
  if (other) {
    const ownerLocale = mailLocale(other.locale);
    const o = (key: KeysUnder<"accountData.mail">) =>
      translate(ownerLocale, `accountData.mail.${key}`, { person: greetingName(other) });
    const taken = renderMail({
      locale: ownerLocale,
      siteUrl: config.publicUrl,
      subject: o("takenSubject"),
      paragraphs: [o("greeting"), o("takenText"), o("takenKeep")],
      closing: [o("signature")],
    });
    await mail.send({ to: other.email, ...taken }, { tx });
  } else {
    const confirm = renderMail({
      locale: mailIn,
      siteUrl: config.publicUrl,
      subject: t("changeSubject"),
      paragraphs: [t("greeting"), t("changeText")],
      action: { label: t("changeButton"), url },
      closing: [t("changeExpiry"), t("signature")],
    });
    await mail.send({ to: email, ...confirm }, { tx });
  }
  const notice = renderMail({
    locale: mailIn,
    siteUrl: config.publicUrl,
    subject: t("noticeSubject"),
    paragraphs: [t("greeting"), t("noticeText", { email }), t("noticeKeep")],
    closing: [t("noticeNotYou"), t("signature")],
  });
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
  meta: { locale: Locale; ip: string },
): Promise<{ status: "pending"; email: string } | Invalid | Limited> {
  const { db, now } = deps;
  const { locale } = meta;
  const { data, errors } = parse(EmailChangeSchema, raw, locale);
  if (!data) return { status: "invalid", errors };
  const user = await loadUser(db, userId);
  if (!user) return { status: "invalid", errors: { form: [translate(locale, "errors.unauthorized")] } };
  if (data.email.toLowerCase() === user.email.toLowerCase()) {
    return { status: "invalid", errors: { email: [translate(locale, "accountData.errors.emailSame")] } };
  }
  const refused = await checkPassword(
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
  const other = await ownerOf(db, data.email);
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
  return { status: "pending", email: data.email };
}
