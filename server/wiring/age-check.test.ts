import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ok } from "#core/result.ts";
import type { DealFlow } from "#server/modules/deals/index.ts";
import { ageCheckSalt, withAgeGate } from "./age-check.ts";

describe("the age check's wiring", () => {
  it("refuses a deal's payment to a buyer who has not proved being 18+, before the provider is asked", async () => {
    const asked: number[] = [];
    const deals = {
      startPayment: async (dealId: number) => {
        asked.push(dealId);
        return ok({ payUrl: `https://pay.example/${dealId}` });
      },
    } as unknown as DealFlow;
    const verified = new Set([7]);
    const gated = withAgeGate(deals, async (userId) => verified.has(userId));
    expect(await gated.startPayment(1, 8, "card", "cs")).toMatchObject({ ok: false, code: "age_unverified" });
    expect(asked).toEqual([]);
    expect(await gated.startPayment(2, 7, "card", "cs")).toMatchObject({ ok: true });
    expect(asked).toEqual([2]);
    // The check off (no provider): nothing is refused.
    expect(await withAgeGate(deals, undefined).startPayment(3, 8, "card", "cs")).toMatchObject({ ok: true });
  });

  it("keeps one salt per data directory across restarts, unless AGE_CHECK_SALT gives one", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hage-salt-"));
    const first = ageCheckSalt({ dataDir, ageCheckSalt: undefined });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(ageCheckSalt({ dataDir, ageCheckSalt: undefined })).toBe(first);
    expect(ageCheckSalt({ dataDir, ageCheckSalt: "x".repeat(32) })).toBe("x".repeat(32));
    fs.rmSync(dataDir, { recursive: true });
  });
});
