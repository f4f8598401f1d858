import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { startupWarnings } from "#server/startup-warnings.ts";
import { demoEnvironment } from "../../../scripts/demo-env.ts";
import { createConfiguredBankIdentity } from "./index.ts";

describe("the bank identity's configuration", () => {
  it("is the simulator in the demo, and nothing on a real site unless configured", () => {
    const demo = loadConfig({ ...demoEnvironment({}) });
    expect(demo.bankIdentity).toMatchObject({ simulator: { port: 0, clientId: "rarita" } });
    // Not started: no provider yet (main.ts starts it and points the adapter at it).
    expect(createConfiguredBankIdentity(demo)).toBeNull();
    expect(loadConfig({ NODE_ENV: "production" }).bankIdentity).toBeUndefined();
  });

  it("takes a real provider's issuer, client and secret together, https only", () => {
    const real = loadConfig({
      BANK_ID_ISSUER: "https://oidc.bankid.cz",
      BANK_ID_CLIENT_ID: "rarita-client",
      BANK_ID_CLIENT_SECRET: "a-long-client-secret",
    });
    expect(real.bankIdentity).toEqual({
      issuer: "https://oidc.bankid.cz",
      clientId: "rarita-client",
      clientSecret: "a-long-client-secret",
    });
    expect(createConfiguredBankIdentity(real)?.method).toBe("bank_id");
    expect(() => loadConfig({ BANK_ID_ISSUER: "https://oidc.bankid.cz" })).toThrow(
      /BANK_ID_ISSUER, BANK_ID_CLIENT_ID and BANK_ID_CLIENT_SECRET must be set together/,
    );
    expect(() => loadConfig({ BANK_ID_ISSUER: "http://oidc.bankid.cz" })).toThrow(/^Invalid BANK_ID_ISSUER=/);
  });

  it("warns about the simulator in production and keeps it in one process", () => {
    const simulated = loadConfig({ NODE_ENV: "production", BANK_ID_SIMULATOR: "true" });
    expect(startupWarnings(simulated).join("\n")).toContain("bank identity simulator is on in production");
    expect(() =>
      loadConfig({ BANK_ID_SIMULATOR: "true", WORKERS: "2", DATABASE_URL: "postgres://localhost/rarita" }),
    ).toThrow(/^Invalid WORKERS="2": the bank identity simulator/);
  });
});
