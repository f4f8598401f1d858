import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailTransport } from "../adapters/mail.ts";
import type { Config } from "../config.ts";
import { devOutbox } from "./dev-outbox.ts";
import type { AppEnv } from "./types.ts";

type OutboxConfig = Pick<Config, "smtpUrl" | "dataDir" | "env" | "devOutbox">;

let dataDir: string;

/** The handler behind a caller at `ip` (the socket address request-log.ts sets in the server). */
function app(config: Partial<OutboxConfig>, ip = "127.0.0.1") {
  const hono = new Hono<AppEnv>();
  hono.use(async (c, next) => {
    c.set("clientIp", ip);
    await next();
  });
  hono.get(
    "/dev/outbox",
    devOutbox({ env: "development", devOutbox: true, smtpUrl: undefined, dataDir, ...config }),
  );
  return hono;
}

const html = { Accept: "text/html,application/xhtml+xml" };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-outbox-"));
  const transport = createMailTransport({
    from: "Rarita <no-reply@rarita.local>",
    outboxDir: path.join(dataDir, "outbox"),
  });
  await transport.deliver(
    { to: "prvni@example.cz", subject: "První", text: "Text první", html: "<p>HTML první</p>" },
    { id: "job-1" },
  );
  // A retried job (same id) is not stored twice.
  await transport.deliver({ to: "prvni@example.cz", subject: "První", text: "Text první" }, { id: "job-1" });
  await transport.deliver(
    { to: "<b>druhy@example.cz</b>", subject: 'Druhý <script>alert("x")</script>', text: "Text & druhý" },
    { id: "job-2" },
  );
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("GET /dev/outbox", () => {
  it("answers JSON, oldest first, to a caller that does not ask for HTML (the browser tests)", async () => {
    const response = await app({}).request("/dev/outbox");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as {
      mails: { id: string; to: string; subject: string; from: string }[];
    };
    expect(body.mails.map((m) => [m.id, m.to, m.from])).toEqual([
      ["job-1", "prvni@example.cz", "Rarita <no-reply@rarita.local>"],
      ["job-2", "<b>druhy@example.cz</b>", "Rarita <no-reply@rarita.local>"],
    ]);
  });

  it("lists the mails newest first as a page, escaped, with each mail's text and HTML part", async () => {
    const response = await app({}).request("/dev/outbox", { headers: html });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const page = await response.text();
    expect(page.indexOf("Druhý &lt;script&gt;")).toBeLessThan(page.indexOf("První"));
    expect(page).not.toContain("<script>");
    expect(page).toContain("&lt;b&gt;druhy@example.cz&lt;/b&gt;");
    expect(page).toContain("<pre>Text &amp; druhý</pre>");
    const file = fs.readdirSync(path.join(dataDir, "outbox")).find((f) => f.endsWith("-job-1.json"))!;
    expect(page).toContain(`src="/dev/outbox?mail=${encodeURIComponent(file)}"`);

    const part = await app({}).request(`/dev/outbox?mail=${encodeURIComponent(file)}`, { headers: html });
    expect(await part.text()).toBe("<p>HTML první</p>");
    expect(part.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect((await app({}).request("/dev/outbox?mail=../../etc/passwd")).status).toBe(404);
  });

  it("is off with SMTP configured, in production unless enabled, and for remote callers in production", async () => {
    expect((await app({ smtpUrl: "smtp://mail.example.cz:587" }).request("/dev/outbox")).status).toBe(404);
    expect((await app({ env: "production", devOutbox: false }).request("/dev/outbox")).status).toBe(404);
    expect((await app({ env: "production", devOutbox: true }).request("/dev/outbox")).status).toBe(200);
    expect(
      (await app({ env: "production", devOutbox: true }, "203.0.113.7").request("/dev/outbox")).status,
    ).toBe(404);
    expect((await app({ devOutbox: false }).request("/dev/outbox")).status).toBe(404);
  });
});
