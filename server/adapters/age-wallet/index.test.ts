import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { createConfiguredAgeWallet, startConfiguredAgeWalletSimulator } from "./index.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-age-wallet-config-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("the configured EU wallet", () => {
  it("is none without configuration, the verifier with a wallet, and the simulator once started", async () => {
    expect(createConfiguredAgeWallet(loadConfig({}))).toBeNull();
    const real = createConfiguredAgeWallet(
      loadConfig({
        AGE_WALLET_URL: "openid4vp://",
        AGE_WALLET_TRUSTED_ISSUERS:
          '{"keys":[{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}]}',
      }),
    );
    expect(real?.method).toBe("eu_wallet");
    const started = await real!.start({ state: "s", callbackUrl: "https://rarita.cz/cb" });
    expect(started.redirectUrl).toMatch(/^openid4vp:\/\/\?response_type=vp_token&/);

    const config = loadConfig({ AGE_WALLET_SIMULATOR: "true", DATA_DIR: dataDir, PORT: "3423" });
    // Not started yet (a test's services without a server): no wallet.
    expect(createConfiguredAgeWallet(config)).toBeNull();
    const simulated = await startConfiguredAgeWalletSimulator(config);
    try {
      expect(simulated.simulator?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(simulated.config.ageWallet).toEqual({
        walletUrl: `${simulated.simulator?.url}/authorize`,
        clientId: undefined,
        trustedIssuers: simulated.simulator?.trustedIssuers,
      });
      const wallet = createConfiguredAgeWallet(simulated.config);
      const { redirectUrl } = await wallet!.start({ state: "s", callbackUrl: "http://localhost:3423/cb" });
      expect((await fetch(redirectUrl)).status).toBe(200);
      // Its keys live in the data directory.
      expect(fs.existsSync(path.join(dataDir, "age-wallet-simulator", "keys.json"))).toBe(true);
    } finally {
      await simulated.simulator?.stop();
    }
    const plain = loadConfig({});
    expect(await startConfiguredAgeWalletSimulator(plain)).toEqual({ config: plain, simulator: null });
  });
});
