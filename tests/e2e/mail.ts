import { expect } from "@playwright/test";

/**
 * The mail the e2e server really sent, as its SMTP server caught it (scripts/e2e-server.ts lists
 * it at http://localhost:<E2E_MAIL_PORT>/mails; playwright.config.ts sets the port).
 */
export type CaughtMail = { to: string; subject: string; text: string; html: string };

const mailListUrl = () => `http://127.0.0.1:${process.env.E2E_MAIL_PORT}/mails`;

export async function caughtMails(): Promise<CaughtMail[]> {
  const response = await fetch(mailListUrl());
  return ((await response.json()) as { mails: CaughtMail[] }).mails;
}

/**
 * Waits (up to 15 s: mail leaves through a job) for the newest mail to `to` whose subject matches,
 * and returns the first match of `path` in its text (a link's path and token).
 */
export async function mailLink(to: string, subject: RegExp, path: RegExp): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const mail = (await caughtMails()).filter((m) => m.to === to && subject.test(m.subject)).at(-1);
        link = mail?.text.match(path)?.[0] ?? "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return link;
}
