import { type KeysUnder, type Locale, translate } from "#core/i18n/index.ts";

/**
 * The one look of every Rarita e-mail: a dark teal header with the name and a gold rule, the
 * message on white, a call-to-action button, and a footer with the site address. The HTML and
 * the text part are built from the same pieces, so both always say the same thing.
 *
 * Mail clients ignore style sheets and much of CSS, hence tables and inline styles. Every
 * interpolated value is escaped: names and addresses come from users.
 */

/** The site's palette (app/app.css): dark teal, muted blue-grey, gold, warm light, ink, muted. */
const colors = {
  teal: "#1f4f55",
  blueGrey: "#5e7384",
  gold: "#c39a3f",
  light: "#f7f3ec",
  page: "#eef1f3",
  ink: "#1f2a30",
  muted: "#5c6770",
  line: "#ddd5c7",
};

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * Whom a mail greets: the first name the person gave ("Dobrý den, Karel,"), and only when there is
 * none their username, which is a public nickname rather than how one addresses a person.
 */
export function greetingName(person: { firstname?: string | null; username: string }): string {
  return person.firstname?.trim() || person.username;
}

export type MailContent = {
  locale: Locale;
  /** The site's public address (config.publicUrl): the header links to it, the footer names it. */
  siteUrl: string;
  subject: string;
  /** Paragraphs before the button; the first is usually the greeting. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button (validity of the link, signature). */
  closing?: string[];
  /** Small print in the footer, e.g. the unsubscribe link of a newsletter mail. */
  footer?: { text: string; link?: { label: string; url: string } }[];
};

export type RenderedMail = { subject: string; text: string; html: string };

const fontStack = "Arial,Helvetica,sans-serif";

export function renderMail(content: MailContent): RenderedMail {
  const { locale, siteUrl, subject } = content;
  const t = (key: KeysUnder<"mail">) => translate(locale, `mail.${key}`);
  const closing = content.closing ?? [];
  const footer = content.footer ?? [];
  const siteName = new URL(siteUrl).host;

  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...closing,
    [
      "--",
      `Rarita – ${t("tagline")}`,
      siteUrl,
      ...footer.map((f) => (f.link ? `${f.text} ${f.link.url}` : f.text)),
      t("automatic"),
    ].join("\n"),
  ].join("\n\n");

  const p = (line: string) =>
    `<p style="margin:0 0 16px;font-family:${fontStack};font-size:16px;line-height:1.5;color:${colors.ink}">${escapeHtml(line)}</p>`;
  const button = content.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr>
<td style="background:${colors.teal};border-radius:4px;border-bottom:3px solid ${colors.gold}">
<a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;font-family:${fontStack};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeHtml(content.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 20px;font-family:${fontStack};font-size:13px;line-height:1.5;color:${colors.muted}">${escapeHtml(t("linkHint"))}<br>
<a href="${escapeHtml(content.action.url)}" style="color:${colors.teal};word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : "";
  const footerLines = footer
    .map(
      (f) =>
        `<br>${escapeHtml(f.text)}${f.link ? ` <a href="${escapeHtml(f.link.url)}" style="color:${colors.teal}">${escapeHtml(f.link.label)}</a>` : ""}`,
    )
    .join("");

  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${colors.page}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colors.page}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid ${colors.line};border-radius:6px">
<tr><td style="background:${colors.teal};border-bottom:4px solid ${colors.gold};border-radius:6px 6px 0 0;padding:18px 28px">
<a href="${escapeHtml(siteUrl)}" style="font-family:Georgia,'Times New Roman',serif;font-size:26px;letter-spacing:1px;color:#ffffff;text-decoration:none">Rarita</a>
</td></tr>
<tr><td style="padding:28px 28px 12px">
${content.paragraphs.map(p).join("\n")}
${button}
${closing.map(p).join("\n")}
</td></tr>
<tr><td style="background:${colors.light};border-top:1px solid ${colors.line};border-radius:0 0 6px 6px;padding:16px 28px;font-family:${fontStack};font-size:13px;line-height:1.5;color:${colors.muted}">
Rarita – ${escapeHtml(t("tagline"))} · <a href="${escapeHtml(siteUrl)}" style="color:${colors.blueGrey}">${escapeHtml(siteName)}</a>${footerLines}
<br>${escapeHtml(t("automatic"))}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { subject, text, html };
}
