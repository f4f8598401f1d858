import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { demoEnvironment } from "./demo-env.ts";

const startConfig = (env: NodeJS.ProcessEnv) => loadConfig({ ...env, ...demoEnvironment(env) });

describe("npm start's environment", () => {
  it("is the demo without NODE_ENV: demo data and card payments on the test gateway", () => {
    const demo = startConfig({});
    expect(demo.seedDemo).toBe(true);
    expect(demo.testGateway).toBeDefined();
    // Deals are paid through the payment provider simulator (ADR 0074).
    expect(demo.marketplace).toMatchObject({ simulator: { port: 0 } });
    expect(startConfig({ MARKETPLACE_SIMULATOR: "false" }).marketplace).toBeUndefined();
    // Traders are checked against the ARES simulator (ADR 0085), or the real ARES when asked.
    expect(demo.ares).toEqual({ simulator: { port: 0 } });
    expect(startConfig({ ARES_SIMULATOR: "false" }).ares).toEqual({
      url: "https://ares.gov.cz/ekonomicke-subjekty-v-be/rest",
    });
    // An explicit choice wins.
    expect(startConfig({ PAYMENTS_TEST_GATEWAY: "false" }).testGateway).toBeUndefined();
    expect(startConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("adds nothing on a real site (NODE_ENV=production): no demo data, no test gateway", () => {
    expect(demoEnvironment({ NODE_ENV: "production" })).toEqual({});
    const real = startConfig({ NODE_ENV: "production" });
    expect(real.seedDemo).toBe(false);
    expect(real.testGateway).toBeUndefined();
    expect(real.marketplace).toBeUndefined();
    expect(real.ares).toEqual({ url: "https://ares.gov.cz/ekonomicke-subjekty-v-be/rest" });
  });
});
