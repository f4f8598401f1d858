import path from "node:path";
import type { Context } from "hono";
import { PRAGUE_TIME_ZONE } from "#core/time/prague.ts";
import { type OutboxMail, readOutbox } from "../adapters/mail.ts";
import type { Config } from "../config.ts";
import { escapeHtml } from "../modules/mail/index.ts";
import type { AppEnv } from "./types.ts";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * GET /dev/outbox: the development outbox, for developers (an HTML page, newest mail first, each
 * with its text and HTML part) and for the browser tests (JSON, oldest first, whenever the caller
 * does not ask for HTML; their server runs with NODE_ENV=production on a temporary DATA_DIR).
 * `?mail=<file>` answers one mail's HTML part on its own, for the page's frame.
 *
 * It answers only while no SMTP_URL is configured — then no mail leaves the machine anyway and
 * the outbox is the only place mails go — and, in production, only when DEV_OUTBOX=true
 * explicitly enables it (the browser tests' server does) and only to callers on this machine:
 * the outbox holds password reset and confirmation links, which must never be public. Behind a
 * reverse proxy on the same host every caller looks local, so configure SMTP_URL there.
 * This is a developer tool, in English only.
 * Mount: `app.get("/dev/outbox", devOutbox(config));` before the page handler.
 */
export function devOutbox(config: Pick<Config, "smtpUrl" | "dataDir" | "env" | "devOutbox">) {
  const outboxDir = path.join(config.dataDir, "outbox");
  return async (c: Context<AppEnv>) => {
    const local = LOOPBACK.test(c.get("clientIp") ?? "");
    if (!config.devOutbox || config.smtpUrl || (config.env === "production" && !local)) return c.notFound();
    const mails = await readOutbox(outboxDir);
    c.header("Cache-Control", "no-store");

    const file = c.req.query("mail");
    if (file !== undefined) {
      const mail = mails.find((m) => m.file === file);
      if (!mail) return c.notFound();
      // The mail's own markup, isolated: no script, nothing fetched, only its inline styles.
      c.header(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      );
      return c.html(mail.html ?? `<pre>${escapeHtml(mail.text)}</pre>`);
    }

    if (!(c.req.header("Accept") ?? "").includes("text/html")) {
      return c.json({
        note: "Development outbox: SMTP_URL is not set, so mails are stored here instead of being sent.",
        mails,
      });
    }
    c.header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; frame-ancestors 'none'",
    );
    return c.html(outboxPage(mails.toReversed()));
  };
}

const timeFormat = new Intl.DateTimeFormat("cs-CZ", {
  dateStyle: "short",
  timeStyle: "medium",
  timeZone: PRAGUE_TIME_ZONE,
});

function sentAt(mail: OutboxMail): string {
  // Older files have no sentAt; their names start with the time.
  const iso =
    mail.sentAt ??
    mail.file.replace(/^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z.*$/, "$1T$2:$3:$4.$5Z");
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : timeFormat.format(date);
}

function outboxPage(mails: OutboxMail[]): string {
  const items = mails
    .map((mail, index) => {
      const frame = mail.html
        ? `<iframe title="HTML: ${escapeHtml(mail.subject)}" src="/dev/outbox?mail=${encodeURIComponent(mail.file)}" loading="lazy"></iframe>`
        : `<p class="muted">No HTML part.</p>`;
      return `<li>
<details${index === 0 ? " open" : ""}>
<summary><span class="subject">${escapeHtml(mail.subject)}</span>
<span class="meta">${escapeHtml(mail.to)} · <time datetime="${escapeHtml(mail.sentAt ?? "")}">${escapeHtml(sentAt(mail))}</time></span></summary>
<div class="parts">
<section><h2>HTML</h2>${frame}</section>
<section><h2>Text</h2><pre>${escapeHtml(mail.text)}</pre></section>
</div>
</details>
</li>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Outbox (${mails.length}) – Rarita development</title>
<style>
body{margin:0;font:16px/1.5 Arial,Helvetica,sans-serif;color:#1f2a30;background:#f7f3ec}
header{background:#1f4f55;color:#fff;border-bottom:4px solid #c39a3f;padding:16px 24px}
header h1{margin:0;font:26px Georgia,serif}
header p{margin:4px 0 0;font-size:14px;color:#dfe7e8}
main{max-width:1200px;margin:0 auto;padding:16px}
ol{list-style:none;margin:0;padding:0}
li{background:#fff;border:1px solid #ddd5c7;border-radius:6px;margin:0 0 12px}
summary{cursor:pointer;padding:12px 16px;display:flex;flex-wrap:wrap;gap:4px 16px;align-items:baseline}
summary:focus-visible{outline:3px solid #c39a3f;outline-offset:2px}
.subject{font-weight:bold}
.meta,.muted{color:#5c6770;font-size:14px}
.parts{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:16px;padding:0 16px 16px}
h2{font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:#5c6770;margin:0 0 6px}
iframe{width:100%;height:560px;border:1px solid #ddd5c7;border-radius:4px;background:#eef1f3}
pre{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.5 ui-monospace,Menlo,Consolas,monospace;background:#f7f3ec;border:1px solid #ddd5c7;border-radius:4px;padding:12px;max-height:560px;overflow:auto}
@media (max-width:800px){.parts{grid-template-columns:1fr}iframe{height:480px}}
</style>
</head>
<body>
<header><h1>Rarita</h1><p>Development outbox: SMTP_URL is not set, so mails are stored here instead of being sent. Newest first.</p></header>
<main>
${mails.length ? `<ol>${items}</ol>` : `<p class="muted">No mails yet.</p>`}
</main>
</body>
</html>`;
}
