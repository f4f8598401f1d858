import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { freePort, startServerProcess } from "./test/server-process.ts";

describe("loadConfig", () => {
  it("has working defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.env).toBe("production");
    expect(config.seedDemo).toBe(true);
  });

  it("derives the default public URL from the port and trims a trailing slash", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_URL: "https://rarita.cz/" }).publicUrl).toBe("https://rarita.cz");
  });

  it("accepts good values", () => {
    const config = loadConfig({
      PORT: "4000",
      DATA_DIR: "/tmp/rarita-data",
      DATABASE_URL: "postgres://user@localhost:5432/rarita",
      SMTP_URL: "smtps://user:pass@mail.example.cz:465",
      SEED_DEMO: "false",
    });
    expect(config.port).toBe(4000);
    expect(config.dataDir).toBe("/tmp/rarita-data");
    expect(config.databaseUrl).toBe("postgres://user@localhost:5432/rarita");
    expect(config.smtpUrl).toBe("smtps://user:pass@mail.example.cz:465");
    expect(config.seedDemo).toBe(false);
  });

  it("treats empty strings as unset", () => {
    const config = loadConfig({ PORT: "", DATABASE_URL: "", SMTP_URL: "" });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it("configures reCAPTCHA only with both the site key and the secret, and an SMS gateway by its URL", () => {
    const config = loadConfig({
      RECAPTCHA_SITE_KEY: "site-key-123456",
      RECAPTCHA_SECRET: "secret-key-123456",
      RECAPTCHA_MIN_SCORE: "0.7",
      SMS_GATEWAY_URL: "https://sms.example.cz/send",
      SMS_GATEWAY_TOKEN: "t",
    });
    expect(config.recaptcha).toEqual({
      secret: "secret-key-123456",
      verifyUrl: "https://www.google.com/recaptcha/api/siteverify",
      minScore: 0.7,
    });
    expect(config.smsGateway).toEqual({ url: "https://sms.example.cz/send", token: "t" });
    expect(loadConfig({}).recaptcha).toBeUndefined();
    expect(loadConfig({}).smsGateway).toBeUndefined();
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: "site-key-123456" })).toThrow(
      /^Invalid RECAPTCHA_SECRET="": RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET must be set together$/,
    );
    expect(() => loadConfig({ RECAPTCHA_SECRET: "secret-key-123456" })).toThrow(ConfigError);
  });

  it("offers the test gateway with the demo data or outside production, never on a real site by default", () => {
    const demo = loadConfig({});
    expect(demo.bankAccountIban).toBeUndefined();
    expect(demo.testGateway?.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ NODE_ENV: "development", SEED_DEMO: "false" }).testGateway).toBeDefined();
    const real = loadConfig({ SEED_DEMO: "false", BANK_ACCOUNT_IBAN: "cz78 0100 0000 0000 0000 0123" });
    expect(real.testGateway).toBeUndefined();
    expect(real.bankAccountIban).toBe("CZ7801000000000000000123");
    expect(loadConfig({ SEED_DEMO: "false" }).bankAccountIban).toBeUndefined();
    expect(
      loadConfig({ SEED_DEMO: "false", PAYMENTS_TEST_GATEWAY: "true", TEST_GATEWAY_SECRET: "s".repeat(16) })
        .testGateway,
    ).toEqual({ secret: "s".repeat(16) });
  });

  it.each([
    ["BANK_ACCOUNT_IBAN", "CZ7801000000000000000124"],
    ["PAYMENTS_TEST_GATEWAY", "yes"],
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "0"],
    ["DATABASE_URL", "mysql://x"],
    ["PUBLIC_URL", "notaurl"],
    ["SMTP_URL", "http://x"],
  ])("rejects %s=%s with a ConfigError naming the variable", (name, value) => {
    let caught: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as Error).message;
    expect(message.startsWith(`Invalid ${name}=`)).toBe(true);
    expect(message).toContain(value);
    expect(message).not.toContain("\n");
  });
});

describe("the server's start with a bad configuration", () => {
  // Each case stops before the database or the web build is touched, so no build is needed.
  it.each([
    { name: "PORT", env: { PORT: "abc" }, line: /^Invalid PORT="abc": / },
    {
      name: "DATA_DIR that cannot be created",
      env: { DATA_DIR: "/dev/null/x" },
      line: /^Invalid DATA_DIR="\/dev\/null\/x": cannot create or write the directory \(ENOTDIR\)$/,
    },
    {
      name: "DATABASE_URL whose server does not answer",
      env: { DATABASE_URL: "postgres://rarita:tajne-heslo@127.0.0.1:{port}/rarita" },
      line: /^Invalid DATABASE_URL: cannot connect to PostgreSQL at 127\.0\.0\.1:\d+\/rarita: .*\(ECONNREFUSED\)$/,
    },
  ])(
    "$name: exits with code 1 and a single line on stderr naming the variable",
    async ({ env, line }) => {
      const port = String(await freePort());
      const resolved = Object.fromEntries(
        Object.entries(env).map(([k, v]) => [k, v.replace("{port}", port)]),
      );
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-config-test-"));
      const server = startServerProcess({ DATA_DIR: dataDir, ...resolved });
      const { code } = await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      expect(code, server.stderr()).toBe(1);
      const lines = server.stderr().trimEnd().split("\n");
      expect(lines, server.stderr()).toHaveLength(1);
      expect(lines[0]).toMatch(line);
      // The password never reaches the output.
      expect(lines[0]).not.toContain("tajne-heslo");
      expect(server.stdout()).toBe("");
    },
    60_000,
  );
});
