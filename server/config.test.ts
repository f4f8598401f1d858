import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { startupNotices, startupWarnings } from "./startup-warnings.ts";
import { createStubBuild, freePort, killServerProcess, startServerProcess } from "./test/server-process.ts";

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
    // A production database never gets the demo data, nor the site the test gateway, by default.
    expect(config.seedDemo).toBe(false);
    expect(config.testGateway).toBeUndefined();
    expect(config.trustedProxies).toEqual([]);
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

  it("signs ALTCHA challenges with ALTCHA_HMAC_KEY, or a key drawn per process, and refuses a short one", () => {
    const key = "k".repeat(32);
    expect(loadConfig({ ALTCHA_HMAC_KEY: key }).altchaHmacKey).toBe(key);
    const drawn = loadConfig({}).altchaHmacKey;
    expect(drawn).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({}).altchaHmacKey).not.toBe(drawn);
    expect(() => loadConfig({ ALTCHA_HMAC_KEY: "short" })).toThrow(
      /^Invalid ALTCHA_HMAC_KEY="short": must be at least 32 characters$/,
    );
  });

  it("runs several instances on PostgreSQL only, and in production only with the secrets they share", () => {
    const db = "postgres://localhost/rarita";
    const secrets = {
      ALTCHA_HMAC_KEY: "a".repeat(32),
      FINGERPRINT_HMAC_KEY: "f".repeat(32),
      AGE_CHECK_SALT: "s".repeat(32),
    };
    expect(loadConfig({}).instances).toBe(1);
    expect(() => loadConfig({ INSTANCES: "2" })).toThrow(
      /^Invalid INSTANCES="2": several instances need DATABASE_URL/,
    );
    expect(() => loadConfig({ INSTANCES: "2", DATABASE_URL: db, ALTCHA_HMAC_KEY: "a".repeat(32) })).toThrow(
      /^Invalid INSTANCES="2": every instance must be given the same FINGERPRINT_HMAC_KEY, AGE_CHECK_SALT \(/,
    );
    const config = loadConfig({ INSTANCES: "3", DATABASE_URL: db, ...secrets });
    expect(config.instances).toBe(3);
    expect(config.altchaHmacKey).toBe(secrets.ALTCHA_HMAC_KEY);
    // Outside production (a developer's two servers) each may draw its own.
    expect(loadConfig({ INSTANCES: "2", DATABASE_URL: db, NODE_ENV: "development" }).instances).toBe(2);
  });

  it("keeps the product's registration limit per address unless REGISTRATIONS_PER_IP_HOUR raises it", () => {
    expect(loadConfig({}).registrationsPerIpHour).toBeUndefined();
    expect(loadConfig({ REGISTRATIONS_PER_IP_HOUR: "1000" }).registrationsPerIpHour).toBe(1000);
    expect(() => loadConfig({ REGISTRATIONS_PER_IP_HOUR: "0" })).toThrow(
      /^Invalid REGISTRATIONS_PER_IP_HOUR="0"/,
    );
  });

  it("turns the test gateway on only when asked for, whatever NODE_ENV and SEED_DEMO say", () => {
    for (const env of [
      {},
      { SEED_DEMO: "true" },
      { NODE_ENV: "development" },
      { NODE_ENV: "test", SEED_DEMO: "true" },
      { PAYMENTS_TEST_GATEWAY: "false", SEED_DEMO: "true" },
    ]) {
      expect(loadConfig(env).testGateway, JSON.stringify(env)).toBeUndefined();
    }
    expect(loadConfig({ PAYMENTS_TEST_GATEWAY: "true" }).testGateway?.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(
      loadConfig({ PAYMENTS_TEST_GATEWAY: "true", TEST_GATEWAY_SECRET: "s".repeat(16) }).testGateway,
    ).toEqual({ secret: "s".repeat(16) });
    const real = loadConfig({ BANK_ACCOUNT_IBAN: "cz78 0100 0000 0000 0000 0123" });
    expect(real.testGateway).toBeUndefined();
    expect(real.bankAccountIban).toBe("CZ7801000000000000000123");
    expect(loadConfig({}).bankAccountIban).toBeUndefined();
  });

  it("loads the demo data outside production by default, in production only when asked for", () => {
    expect(loadConfig({ NODE_ENV: "production" }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: "development" }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("warns about the test gateway in production only", () => {
    const [warning, ...more] = startupWarnings(loadConfig({ PAYMENTS_TEST_GATEWAY: "true" }));
    expect(more).toEqual([]);
    expect(warning).toMatch(
      /^WARNING: the test card gateway is on in production \(PAYMENTS_TEST_GATEWAY=true\)/,
    );
    expect(startupWarnings(loadConfig({}))).toEqual([]);
    expect(startupWarnings(loadConfig({ NODE_ENV: "development", PAYMENTS_TEST_GATEWAY: "true" }))).toEqual(
      [],
    );
  });

  it("configures the deals' payment provider: Stripe, the simulator, or none with one notice in production", () => {
    const none = loadConfig({});
    expect(none.marketplace).toBeUndefined();
    expect(startupNotices(none)).toEqual([
      "Deals through the site are off: no payment provider is configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET).",
    ]);
    expect(startupWarnings(none)).toEqual([]);
    expect(startupNotices(loadConfig({ NODE_ENV: "development" }))).toEqual([]);

    const stripe = loadConfig({
      STRIPE_SECRET_KEY: "sk_live_123456789",
      STRIPE_WEBHOOK_SECRET: "whsec_123456789",
    });
    expect(stripe.marketplace).toEqual({
      apiKey: "sk_live_123456789",
      webhookSecret: "whsec_123456789",
      apiBase: undefined,
    });
    expect(startupNotices(stripe)).toEqual([]);
    expect(startupWarnings(stripe)).toEqual([]);

    const simulated = loadConfig({ MARKETPLACE_SIMULATOR: "true", MARKETPLACE_SIMULATOR_PORT: "4310" });
    expect(simulated.marketplace).toEqual({
      simulator: {
        port: 4310,
        apiKey: expect.stringMatching(/^sk_test_/),
        webhookSecret: expect.stringMatching(/^whsec_/),
      },
    });
    expect(startupNotices(simulated)).toEqual([]);
    expect(startupWarnings(simulated)).toEqual([
      "WARNING: the payment provider simulator is on in production (MARKETPLACE_SIMULATOR=true): deals are paid without any money. Right for the demo, never for a real site.",
    ]);
    // The simulator runs in one process: it keeps WORKERS at 1 unless told more, and more is refused.
    expect(
      loadConfig({ MARKETPLACE_SIMULATOR: "true", DATABASE_URL: "postgres://localhost/rarita" }).workers,
    ).toBe(1);
    expect(() =>
      loadConfig({
        MARKETPLACE_SIMULATOR: "true",
        WORKERS: "4",
        DATABASE_URL: "postgres://localhost/rarita",
      }),
    ).toThrow(
      /^Invalid WORKERS="4": the payment provider simulator \(MARKETPLACE_SIMULATOR=true\) runs in one process; set WORKERS=1$/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_live_123456789" })).toThrow(
      /^Invalid STRIPE_WEBHOOK_SECRET="": STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together$/,
    );
  });

  // The EU age attestation's wallet (ADR 0084).
  it("configures the EU wallet: none, the simulator, or a wallet with its trusted issuers from JSON or a file", () => {
    expect(loadConfig({}).ageWallet).toBeUndefined();
    const simulated = loadConfig({ AGE_WALLET_SIMULATOR: "true", AGE_WALLET_SIMULATOR_PORT: "3421" });
    expect(simulated.ageWallet).toEqual({ simulator: { port: 3421, clientId: undefined } });
    expect(startupWarnings(simulated)).toEqual([
      "WARNING: the EU wallet simulator is on in production (AGE_WALLET_SIMULATOR=true): anyone can prove being 18+ with a test attestation. Right for the demo, never for a real site.",
    ]);
    expect(startupWarnings(loadConfig({ NODE_ENV: "development", AGE_WALLET_SIMULATOR: "true" }))).toEqual(
      [],
    );
    expect(
      loadConfig({ AGE_WALLET_SIMULATOR: "true", DATABASE_URL: "postgres://localhost/rarita" }).workers,
    ).toBe(1);
    expect(() =>
      loadConfig({ AGE_WALLET_SIMULATOR: "true", WORKERS: "2", DATABASE_URL: "postgres://localhost/rarita" }),
    ).toThrow(
      /^Invalid WORKERS="2": the EU wallet simulator \(AGE_WALLET_SIMULATOR=true\) runs in one process/,
    );

    const key = {
      kty: "EC",
      crv: "P-256",
      x: "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
      y: "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0",
      kid: "issuer-1",
    };
    const jwks = JSON.stringify({ keys: [key] });
    const real = loadConfig({
      AGE_WALLET_URL: "openid4vp://",
      AGE_WALLET_CLIENT_ID: "rarita.cz",
      AGE_WALLET_TRUSTED_ISSUERS: jwks,
    });
    expect(real.ageWallet).toEqual({
      walletUrl: "openid4vp://",
      clientId: "rarita.cz",
      trustedIssuers: [key],
    });
    expect(startupWarnings(real)).toEqual([]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-age-wallet-config-"));
    try {
      const file = path.join(dir, "issuers.json");
      fs.writeFileSync(file, jwks);
      expect(
        loadConfig({ AGE_WALLET_URL: "https://wallet.example/authorize", AGE_WALLET_TRUSTED_ISSUERS: file })
          .ageWallet,
      ).toEqual({
        walletUrl: "https://wallet.example/authorize",
        clientId: undefined,
        trustedIssuers: [key],
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ AGE_WALLET_URL: "openid4vp://" }, /^Invalid AGE_WALLET_TRUSTED_ISSUERS="": a wallet/],
    [{ AGE_WALLET_CLIENT_ID: "rarita.cz" }, /^Invalid AGE_WALLET_URL="": AGE_WALLET_CLIENT_ID needs/],
    [
      { AGE_WALLET_SIMULATOR: "true", AGE_WALLET_URL: "openid4vp://" },
      /^Invalid AGE_WALLET_URL="openid4vp:\/\/": the simulator/,
    ],
    [
      { AGE_WALLET_URL: "openid4vp://", AGE_WALLET_TRUSTED_ISSUERS: "/nonexistent/issuers.json" },
      /cannot read the file \(ENOENT\)$/,
    ],
    [
      { AGE_WALLET_URL: "openid4vp://", AGE_WALLET_TRUSTED_ISSUERS: '{"keys":[]}' },
      /is not a JWKS: no "keys"$/,
    ],
    [
      { AGE_WALLET_URL: "openid4vp://", AGE_WALLET_TRUSTED_ISSUERS: '{"keys":[{"kty":"EC","d":"secret"}]}' },
      /holds a private or secret key/,
    ],
  ])("refuses the EU wallet's configuration %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("reads TRUSTED_PROXIES as addresses, CIDR ranges and keywords, and PUBLIC_URL as set or not", () => {
    const config = loadConfig({ TRUSTED_PROXIES: " 127.0.0.1, ::1,10.0.0.0/8 ,loopback,fd00::/8" });
    expect(config.trustedProxies).toEqual(["127.0.0.1", "::1", "10.0.0.0/8", "loopback", "fd00::/8"]);
    expect(config.publicUrlSet).toBe(false);
    expect(loadConfig({ PUBLIC_URL: "https://rarita.cz" }).publicUrlSet).toBe(true);
  });

  it.each([
    ["BANK_ACCOUNT_IBAN", "CZ7801000000000000000124"],
    ["PAYMENTS_TEST_GATEWAY", "yes"],
    ["MARKETPLACE_SIMULATOR", "yes"],
    ["MARKETPLACE_SIMULATOR_PORT", "70000"],
    ["STRIPE_API_BASE", "ftp://stripe.example"],
    ["AGE_WALLET_SIMULATOR", "yes"],
    ["AGE_WALLET_URL", "javascript:alert(1)"],
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "0"],
    ["DATABASE_URL", "mysql://x"],
    ["PUBLIC_URL", "notaurl"],
    ["SMTP_URL", "http://x"],
    ["TRUSTED_PROXIES", "127.0.0.1,proxy.example"],
    ["TRUSTED_PROXIES", "10.0.0.0/33"],
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

/**
 * A production start on an empty DATA_DIR applies every migration to a new embedded database
 * before it serves (69 of them, 87 s at load 7 on this 2-core machine). These tests are about
 * what the start prints, not the migrations (migrations-data.test.ts has those): the embedded
 * database is migrated once here, in-process, and each test's DATA_DIR starts as a copy of it,
 * so a start only checks that nothing is left to apply.
 */
describe("production starts on a migrated embedded database", () => {
  let migratedDataDir: string;

  beforeAll(async () => {
    migratedDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-config-migrated-"));
    const database = await openDatabase({ engine: "pglite", dataDir: migratedDataDir });
    await database.close();
  }, 300_000);

  afterAll(() => {
    if (migratedDataDir) fs.rmSync(migratedDataDir, { recursive: true, force: true });
  });

  /**
   * A production server with `env` on a stub build and a DATA_DIR holding a copy of the migrated
   * embedded database; `stop` kills it and removes both.
   */
  async function startProduction(env: Record<string, string>) {
    const build = createStubBuild();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-config-test-"));
    fs.cpSync(migratedDataDir, dataDir, { recursive: true });
    const server = startServerProcess({
      BUILD_DIR: build.name,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      ...env,
    });
    const stop = async () => {
      await killServerProcess(server);
      build.remove();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    return { server, dataDir, stop };
  }

  /** The server's start on a migrated copy: 20 to 30 s on a quiet machine; 120 s was not enough at load 20. */
  const START_MS = 180_000;

  describe("the server's start with the test gateway in production", () => {
    it(
      "prints one loud warning line on stderr, and starts",
      async () => {
        const { server, stop } = await startProduction({ PAYMENTS_TEST_GATEWAY: "true" });
        try {
          await server.waitForOutput("Rarita is running at");
          const lines = server.stderr().trimEnd().split("\n");
          expect(lines, server.stderr()).toHaveLength(1);
          expect(lines[0]).toMatch(/^WARNING: the test card gateway is on in production/);
        } finally {
          await stop();
        }
      },
      START_MS,
    );
  });

  describe("the server's start with the payment provider simulator in production", () => {
    it(
      "starts it before serving, prints its address and one warning line, and stops it on SIGTERM",
      async () => {
        const { server, dataDir, stop } = await startProduction({ MARKETPLACE_SIMULATOR: "true" });
        try {
          await server.waitForOutput("Rarita is running at");
          const url = /^Platební simulátor \(marketplace\): (http:\/\/127\.0\.0\.1:\d+)$/m.exec(
            server.stdout(),
          )?.[1];
          expect(url, server.stdout()).toBeDefined();
          expect(server.stdout()).not.toContain("Deals through the site are off");
          const lines = server.stderr().trimEnd().split("\n");
          expect(lines, server.stderr()).toEqual([
            expect.stringMatching(/^WARNING: the payment provider simulator is on in production/),
          ]);
          // Its API wants the key the server drew; its state lives in the data directory.
          expect((await fetch(`${url}/v1/balance`)).status).toBe(401);
          expect(fs.existsSync(path.join(dataDir, "marketplace-simulator"))).toBe(true);
          server.child.kill("SIGTERM");
          expect(await server.exited).toEqual({ code: 0, signal: null });
          await expect(fetch(`${url}/v1/balance`)).rejects.toThrow();
        } finally {
          await stop();
        }
      },
      START_MS,
    );
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
