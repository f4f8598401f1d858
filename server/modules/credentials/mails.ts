import { type KeysUnder, type Locale, translate } from "#core/i18n/index.ts";
import { greetingName, type RenderedMail, renderMail } from "../mail/index.ts";

/**
 * The texts of the users module's mails and its SMS, in the recipient's language: the templates.
 * The use cases decide who gets what and when; only here do they become words (ADR 0068).
 */

type Person = { username: string; firstname?: string | null };
type RegistrationKey = KeysUnder<"registration.mail">;

function registrationTexts(locale: Locale, person: Person, values: Record<string, string> = {}) {
  return (key: RegistrationKey) =>
    translate(locale, `registration.mail.${key}`, { person: greetingName(person), ...values });
}

/** A mail carrying the e-mail confirmation link (welcome or resend): its subject and paragraphs by key. */
export function confirmationLinkMail(
  siteUrl: string,
  locale: Locale,
  person: Person,
  keys: { subject: RegistrationKey; paragraphs: RegistrationKey[] },
  url: string,
): RenderedMail {
  const t = registrationTexts(locale, person);
  return renderMail({
    locale,
    siteUrl,
    subject: t(keys.subject),
    paragraphs: keys.paragraphs.map((key) => t(key)),
    action: { label: t("confirmButton"), url },
    closing: [t("confirmExpiry"), t("signature")],
  });
}

/** The password reset link. */
export function passwordResetMail(
  siteUrl: string,
  locale: Locale,
  person: Person,
  url: string,
): RenderedMail {
  const t = registrationTexts(locale, person);
  return renderMail({
    locale,
    siteUrl,
    subject: t("resetSubject"),
    paragraphs: [t("resetGreeting"), t("resetText")],
    action: { label: t("resetButton"), url },
    closing: [t("resetIgnore"), t("signature")],
  });
}

/** To the owner of an address somebody tried to register with: the ways back in. */
export function addressTakenMail(
  siteUrl: string,
  locale: Locale,
  owner: Person,
  urls: { account: string; resetPassword: string },
): RenderedMail {
  const t = registrationTexts(locale, owner, { resetUrl: urls.resetPassword });
  return renderMail({
    locale,
    siteUrl,
    subject: t("takenSubject"),
    paragraphs: [t("takenGreeting"), t("takenText"), t("takenReset")],
    action: { label: t("takenButton"), url: urls.account },
    closing: [t("takenIgnore"), t("signature")],
  });
}

type AccountDataKey = KeysUnder<"accountData.mail">;
const accountDataTexts =
  (locale: Locale, person: Person) =>
  (key: AccountDataKey, values: Record<string, string> = {}) =>
    translate(locale, `accountData.mail.${key}`, { person: greetingName(person), ...values });

/** An e-mail change: the link to the new address. */
export function emailChangeLinkMail(
  siteUrl: string,
  locale: Locale,
  person: Person,
  url: string,
): RenderedMail {
  const t = accountDataTexts(locale, person);
  return renderMail({
    locale,
    siteUrl,
    subject: t("changeSubject"),
    paragraphs: [t("greeting"), t("changeText")],
    action: { label: t("changeButton"), url },
    closing: [t("changeExpiry"), t("signature")],
  });
}

/** An e-mail change to an address another account has: a warning to that account's owner, no link. */
export function emailChangeTakenMail(siteUrl: string, locale: Locale, owner: Person): RenderedMail {
  const t = accountDataTexts(locale, owner);
  return renderMail({
    locale,
    siteUrl,
    subject: t("takenSubject"),
    paragraphs: [t("greeting"), t("takenText"), t("takenKeep")],
    closing: [t("signature")],
  });
}

/** An e-mail change: the notice to the current address. */
export function emailChangeNoticeMail(
  siteUrl: string,
  locale: Locale,
  person: Person,
  email: string,
): RenderedMail {
  const t = accountDataTexts(locale, person);
  return renderMail({
    locale,
    siteUrl,
    subject: t("noticeSubject"),
    paragraphs: [t("greeting"), t("noticeText", { email }), t("noticeKeep")],
    closing: [t("noticeNotYou"), t("signature")],
  });
}

/** The SMS with a phone verification code. */
export function verificationSms(locale: Locale, code: string): string {
  return translate(locale, "security.verification.smsText", { code });
}
