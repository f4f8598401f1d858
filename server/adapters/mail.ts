import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};
export type Mailer = { send(mail: OutgoingMail): Promise<void>; kind: "smtp" | "outbox" };

/**
 * Real SMTP when SMTP_URL is set; otherwise every mail is written as a JSON file to the
 * development outbox (DATA_DIR/outbox), where a developer or a test can read it.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    kind: "outbox",
    async send(mail) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.json`;
      await fs.writeFile(
        path.join(options.outboxDir, name),
        JSON.stringify({ from: options.from, ...mail }, null, 2),
      );
    },
  };
}

export async function readOutbox(outboxDir: string): Promise<(OutgoingMail & { file: string })[]> {
  let files: string[];
  try {
    files = (await fs.readdir(outboxDir)).filter((f) => f.endsWith(".json")).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => ({
      file,
      ...JSON.parse(await fs.readFile(path.join(outboxDir, file), "utf8")),
    })),
  );
}
