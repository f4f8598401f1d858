import { type KeysUnder, type Locale, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { renderMail } from "../mail/index.ts";

/**
 * The double opt-in mail, in the visitor's language: a confirmation link, and an unsubscribe link
 * as in every newsletter mail (the template; opt-in.ts decides when it goes, ADR 0068).
 */
export function optInMail(siteUrl: string, locale: Locale, token: string) {
  const t = (key: KeysUnder<"newsletter.confirmMail">) => translate(locale, `newsletter.confirmMail.${key}`);
  // Both links open the page in the language the visitor signed up in.
  const unsubscribeUrl = `${siteUrl}${localePath("newsletterUnsubscribe", locale, { token })}`;
  const content = renderMail({
    locale,
    siteUrl,
    subject: t("subject"),
    paragraphs: [t("greeting"), t("text")],
    action: {
      label: t("button"),
      url: `${siteUrl}${localePath("newsletterConfirm", locale, { token })}`,
    },
    closing: [t("ignore"), t("signature")],
    footer: [{ text: t("unsubscribe"), link: { label: t("unsubscribeLink"), url: unsubscribeUrl } }],
  });
  // RFC 8058 one-click: the mail client POSTs to the link, which the unsubscribe page's action
  // takes like its own button (no login, and no Origin header, so the CSRF check lets it in).
  const headers = {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
  return { content, headers };
}
