import { describe, expect, it } from "vitest";
import { KEPT_USER_AGENTS, keptPerUserAgent } from "./kept-per-user-agent.ts";

describe("keptPerUserAgent", () => {
  it("answers as the test does, asking it once per string", () => {
    const asked: string[] = [];
    const isBot = keptPerUserAgent((userAgent) => {
      asked.push(userAgent);
      return userAgent.includes("bot");
    });
    expect([isBot("Googlebot/2.1"), isBot("Mozilla/5.0"), isBot("Googlebot/2.1")]).toEqual([
      true,
      false,
      true,
    ]);
    expect(asked).toEqual(["Googlebot/2.1", "Mozilla/5.0"]);
  });

  it("drops the least recently seen string once it holds the bound, so it never grows past it", () => {
    let calls = 0;
    const test = keptPerUserAgent(() => {
      calls++;
      return false;
    });
    for (let i = 0; i <= KEPT_USER_AGENTS; i++) test(`agent ${i}`);
    expect(calls).toBe(KEPT_USER_AGENTS + 1);
    test(`agent ${KEPT_USER_AGENTS}`);
    expect(calls).toBe(KEPT_USER_AGENTS + 1);
    test("agent 0");
    expect(calls).toBe(KEPT_USER_AGENTS + 2);
  });
});
