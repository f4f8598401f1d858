import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ok } from "#core/result.ts";
import { loadConfig } from "../config.ts";
import { openTestDatabase, type TestDatabase } from "../db/test-database.ts";
import { createJobRunner, type JobRunner } from "../jobs/runner.ts";
import { hashPassword } from "../modules/auth/index.ts";
import { users } from "../modules/users/tables.ts";
import { createServices, type Services } from "../services.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../test/smtp-server.ts";
import { createDurableMailer, DEFAULT_MAIL_RETRY, MAIL_QUEUE } from "./mail.ts";

/**
 * The mail module end to end on the test database's engine: a business service queues the mail,
 * the job worker delivers it over SMTP to a real SMTP server started here, and what arrived is
 * parsed and read. Every log line of the process is kept, to prove the links never reach it.
 */
let smtp: TestSmtpServer;
let database: TestDatabase;
let dataDir: string;
const logLines: string[] = [];
const logger = pino(
  { level: "debug", base: undefined },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);
const runners: JobRunner[] = [];

function servicesWith(options: { background: boolean }): { services: Services; jobs: JobRunner } {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: "https://rarita.example",
    MAIL_FROM: "Rarita <no-reply@rarita.example>",
  });
  const jobs = createJobRunner({ database, logger, background: options.background });
  runners.push(jobs);
  return { services: createServices({ database, config, logger, jobs }), jobs };
}

let userCounter = 0;
async function createUser(locale: "cs" | "en") {
  userCounter += 1;
  const [user] = await database.db
    .insert(users)
    .values({
      email: `sberatel${userCounter}.${Date.now()}@example.cz`,
      username: `sberatel${userCounter}x${Date.now() % 100000}`,
      passwordHash: await hashPassword("Jamajsky rum z roku 1998"),
      firstname: "Karel",
      lastname: "Sběratel",
      locale,
    })
    .returning();
  return user;
}

const arrivedFor = (email: string) => smtp.received.filter((m) => m.envelope.to.includes(email));

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  database = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-mail-"));
});
afterAll(async () => {
  for (const jobs of runners) await jobs.stop();
  await database?.dispose();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("mail over SMTP", () => {
  it("delivers a password reset requested through the real service, from the background worker", async () => {
    const { services, jobs } = servicesWith({ background: true });
    await jobs.start();
    const user = await createUser("cs");
    const answer = await services.accounts.passwordReset.request(
      { email: user.email },
      { locale: "cs", ip: "10.20.0.1" },
    );
    expect(answer).toEqual(ok());

    await vi.waitFor(() => expect(arrivedFor(user.email)).toHaveLength(1), { timeout: 15_000, interval: 50 });
    const [{ envelope, parsed }] = arrivedFor(user.email);
    expect(envelope).toEqual({ from: "no-reply@rarita.example", to: [user.email] });
    expect(parsed.subject).toBe("Nastavení nového hesla");
    expect(parsed.from?.text).toBe('"Rarita" <no-reply@rarita.example>');
    const link = parsed.text?.match(/https:\/\/rarita\.example\/zmena-hesla\/[\w-]+/)?.[0];
    expect(link).toBeDefined();
    expect(parsed.text).toContain("Dobrý den, Karel,");
    expect(parsed.text).toContain(`Nastavit nové heslo: ${link}`);
    expect(parsed.text).toContain("Rarita – tržiště sběratelských lihovin a tabáku");
    expect(parsed.html).toContain('<html lang="cs">');
    expect(parsed.html).toContain(`<a href="${link}"`);
    expect(parsed.html).toContain("Nastavit nové heslo</a>");
    expect(parsed.html).toContain(">rarita.example</a>");

    const [job] = await jobs.list(MAIL_QUEUE);
    expect(parsed.messageId).toBe(`<${job.id}@rarita.example>`);
    await vi.waitFor(async () => expect((await jobs.list(MAIL_QUEUE))[0].state).toBe("completed"));

    // The link works, and neither it nor the token was ever logged.
    const token = link!.split("/").at(-1)!;
    expect(await services.accounts.passwordReset.check(token)).toBe("valid");
    expect(logLines.some((line) => line.includes("mail delivered") && line.includes(job.id))).toBe(true);
    expect(logLines.filter((line) => line.includes(token))).toEqual([]);
    await jobs.stop();
  });

  it("retries with backoff when the server answers 451, delivers once, and the job is done once", async () => {
    const { services, jobs } = servicesWith({ background: false });
    await jobs.start();
    const email = `odberatel.${Date.now()}@example.cz`;
    smtp.refuse(1);
    expect(await services.newsletter.save({ email, selectedCategories: [], locale: "en" })).toEqual(ok());

    expect(await jobs.runPending(MAIL_QUEUE)).toBe(1);
    expect(smtp.attempts.filter((a) => a === email)).toHaveLength(1);
    expect(arrivedFor(email)).toEqual([]);
    const [waiting] = (await jobs.list(MAIL_QUEUE)).filter((j) => (j.data as { to: string }).to === email);
    expect(waiting.state).toBe("retry");
    // Backoff: the first retry is not due before the policy's delay (pg-boss adds up to as much again as jitter).
    const [{ wait }] = (
      (await database.db.execute(
        sql`select extract(epoch from start_after - now()) as wait from pgboss.job where id = ${waiting.id}`,
      )) as unknown as { rows: { wait: number }[] }
    ).rows;
    expect(Number(wait)).toBeGreaterThan(DEFAULT_MAIL_RETRY.retryDelaySeconds - 2);
    expect(await jobs.runPending(MAIL_QUEUE)).toBe(0);
    expect(logLines.some((line) => line.includes("job attempt failed") && line.includes("451"))).toBe(true);

    // Time passes.
    await database.db.execute(sql`update pgboss.job set start_after = now() where id = ${waiting.id}`);
    expect(await jobs.runPending(MAIL_QUEUE)).toBe(1);

    const arrived = arrivedFor(email);
    expect(arrived).toHaveLength(1);
    expect(arrived[0].parsed.subject).toBe("Please confirm your Rarita newsletter subscription");
    expect(arrived[0].parsed.text).toContain(
      "Confirm subscription: https://rarita.example/en/newsletter/confirm/",
    );
    expect(arrived[0].parsed.html).toContain('<html lang="en">');
    // Unfolded: a long header continues on indented lines.
    expect(arrived[0].raw.replace(/\r\n[ \t]+/g, " ")).toMatch(
      /^List-Unsubscribe: <https:\/\/rarita\.example\/en\/newsletter\/unsubscribe\/[\w-]+>\r$/m,
    );
    const mine = (await jobs.list(MAIL_QUEUE)).filter((j) => (j.data as { to: string }).to === email);
    expect(mine.map((j) => [j.id, j.state, j.retryCount])).toEqual([[waiting.id, "completed", 1]]);
    await jobs.stop();
  });

  it("never lets a database error carry the mail (and its links) to the caller's log", async () => {
    const jobs = {
      define() {},
      work() {},
      send: async () => {
        throw new DrizzleQueryError(
          "insert into pgboss.job ...",
          ["https://rarita.example/zmena-hesla/SECRET"],
          Object.assign(new Error("terminating connection"), { code: "57P01" }),
        );
      },
    } as unknown as JobRunner;
    const mailer = createDurableMailer({ jobs, transport: { kind: "smtp", deliver: async () => {} } });
    const failure = mailer.send({
      to: "a@example.cz",
      subject: "S",
      text: "https://rarita.example/zmena-hesla/SECRET",
    });
    await expect(failure).rejects.toThrow("mail could not be queued (SQLSTATE 57P01)");
    await expect(failure).rejects.not.toThrow(/SECRET/);
  });
});
