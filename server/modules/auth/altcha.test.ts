import { afterEach, describe, expect, it, vi } from "vitest";
import { type AltchaChallenge, altchaPayload, createAltcha, solveAltcha } from "./altcha.ts";

/** The payload's parts, as the server reads them. */
const decode = (payload: string) =>
  JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as {
    challenge: AltchaChallenge;
    solution: { counter: number; derivedKey: string };
  };

afterEach(() => {
  vi.useRealTimers();
});

describe("ALTCHA proof of work", () => {
  it("accepts a valid solution once and refuses its reuse, also when sent twice at once", async () => {
    const altcha = createAltcha({ purpose: "register", bits: 13 });
    const payload = await solveAltcha(await altcha.issue());
    expect(await altcha.verify(payload)).toBe("ok");
    expect(await altcha.verify(payload)).toBe("reused");

    const twice = await solveAltcha(await altcha.issue());
    expect((await Promise.all([altcha.verify(twice), altcha.verify(twice)])).sort()).toEqual([
      "ok",
      "reused",
    ]);
  });

  it("refuses a wrong solution, a missing one, a forged challenge and another instance's", async () => {
    const altcha = createAltcha({ purpose: "register", bits: 13 });
    const challenge = await altcha.issue();
    const payload = await solveAltcha(challenge);
    const { solution } = decode(payload);
    // The key is the proof (the challenge carries a signature of it), whatever counter is claimed.
    expect(await altcha.verify(altchaPayload(challenge, { ...solution, derivedKey: "00".repeat(32) }))).toBe(
      "invalid",
    );
    expect(await altcha.verify(altchaPayload(challenge, { ...solution, derivedKey: "zz" }))).toBe("invalid");
    expect(await altcha.verify("")).toBe("missing");
    expect(await altcha.verify(undefined)).toBe("missing");
    expect(await altcha.verify("not base64 json")).toBe("invalid");
    // Less work written into the challenge breaks its signature.
    const cheaper = {
      ...challenge,
      parameters: { ...challenge.parameters, data: { purpose: "register", bits: 1 } },
    };
    expect(await altcha.verify(altchaPayload(cheaper, solution))).toBe("invalid");
    // Another instance (another key) did not issue it; one with the same key did.
    expect(await createAltcha({ purpose: "register" }).verify(payload)).toBe("invalid");
    const key = "k".repeat(32);
    const issuer = createAltcha({ purpose: "register", bits: 13, hmacKey: key });
    const shared = await solveAltcha(await issuer.issue());
    expect(await createAltcha({ purpose: "register", hmacKey: key }).verify(shared)).toBe("ok");
    // The refused tries did not spend the challenge.
    expect(await altcha.verify(payload)).toBe("ok");
  });

  it("refuses a challenge issued for another purpose or for less work than now asked", async () => {
    const key = "k".repeat(32);
    const register = createAltcha({ purpose: "register", bits: 13, hmacKey: key });
    const login = createAltcha({ purpose: "login", bits: 13, hmacKey: key });
    expect(await login.verify(await solveAltcha(await register.issue()))).toBe("invalid");
    const easy = await solveAltcha(await login.issue(13));
    expect(await login.verify(easy, 14)).toBe("invalid");
    expect(await login.verify(easy, 13)).toBe("ok");
  });

  it("refuses an expired challenge", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const altcha = createAltcha({ purpose: "register", bits: 12, ttlMs: 60_000 });
    const payload = await solveAltcha(await altcha.issue());
    vi.setSystemTime(Date.now() + 61_000);
    expect(await altcha.verify(payload)).toBe("expired");
  });

  it("asks for 2^(bits - 12) attempts of 4,096 PBKDF2-SHA-256 iterations, give or take half", async () => {
    const altcha = createAltcha({ purpose: "login", bits: 16 });
    const challenge = await altcha.issue();
    expect(challenge.parameters).toMatchObject({
      algorithm: "PBKDF2/SHA-256",
      cost: 4096,
      data: { purpose: "login", bits: 16 },
    });
    expect(challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
    const { solution } = decode(await solveAltcha(challenge));
    expect(solution.counter).toBeGreaterThanOrEqual(8);
    expect(solution.counter).toBeLessThanOrEqual(24);
  });
});
