import { describe, expect, it } from "vitest";
import { createProofOfWork, leadingZeroBits, powDigest, solveProofOfWork } from "./proof-of-work.ts";

describe("proof of work", () => {
  it("counts leading zero bits", () => {
    expect(leadingZeroBits(Uint8Array.from([0, 0, 0x80]))).toBe(16);
    expect(leadingZeroBits(Uint8Array.from([0, 0x0f]))).toBe(12);
    expect(leadingZeroBits(Uint8Array.from([0xff]))).toBe(0);
  });

  it("accepts a valid solution once and refuses its reuse", () => {
    const pow = createProofOfWork({ difficulty: 12 });
    const challenge = pow.issue();
    const nonce = solveProofOfWork(challenge);
    expect(leadingZeroBits(powDigest(challenge.challenge, nonce))).toBeGreaterThanOrEqual(12);
    expect(pow.verify(challenge.challenge, nonce)).toBe("ok");
    expect(pow.verify(challenge.challenge, nonce)).toBe("reused");
  });

  it("refuses a wrong nonce, a missing one and a forged challenge", () => {
    const pow = createProofOfWork({ difficulty: 12 });
    const challenge = pow.issue();
    const nonce = solveProofOfWork(challenge);
    let wrong = 0;
    while (leadingZeroBits(powDigest(challenge.challenge, `x${wrong}`)) >= 12) wrong++;
    expect(pow.verify(challenge.challenge, `x${wrong}`)).toBe("invalid");
    expect(pow.verify(challenge.challenge, "")).toBe("missing");
    expect(pow.verify(undefined, nonce)).toBe("missing");
    // A lower difficulty written into the challenge breaks the signature.
    const [expires, , random, signature] = challenge.challenge.split(".");
    expect(pow.verify(`${expires}.0.${random}.${signature}`, "0")).toBe("invalid");
    // Another process (another secret) did not issue it.
    expect(createProofOfWork({ difficulty: 12 }).verify(challenge.challenge, nonce)).toBe("invalid");
  });

  it("refuses an expired challenge", () => {
    let now = 1_000_000;
    const pow = createProofOfWork({ difficulty: 8, ttlMs: 60_000, now: () => now });
    const challenge = pow.issue();
    const nonce = solveProofOfWork(challenge);
    now += 60_001;
    expect(pow.verify(challenge.challenge, nonce)).toBe("expired");
  });
});
