import { describe, expect, it } from "vitest";
import { createTrustBadges, type TrustBadgeSources } from "./service.ts";

/** A badge says what was checked and on which Prague day; an account nobody checked has none. */
function sources(calls: string[]): TrustBadgeSources {
  const track =
    <T>(name: string, answer: T) =>
    async (ids: readonly number[]) => {
      calls.push(`${name}:${ids.join(",")}`);
      return answer;
    };
  return {
    // 23:30 UTC on the 25th is already the 26th in Prague (UTC+1 in November).
    ageVerifications: track(
      "age",
      new Map([[1, { method: "bank_id" as const, at: new Date("2026-11-25T23:30:00Z") }]]),
    ),
    phoneVerifications: track("phone", new Map([[1, new Date("2026-03-29T00:30:00Z")]])),
    traderVerifications: track("trader", new Map([[2, new Date("2026-06-30T22:15:00Z")]])),
    completedDeals: track("deals", new Map([[1, 4]])),
    ratings: track("ratings", new Map([[2, { average: 4.5, count: 2 }]])),
  };
}

describe("trust badges", () => {
  it("answers each account's badges with the Prague day of each check", async () => {
    const calls: string[] = [];
    const badges = await createTrustBadges(sources(calls)).badgesOf([1, 2, 3, 1]);
    expect(badges.get(1)).toEqual({
      age: { method: "bank_id", on: "2026-11-26" },
      phone: { on: "2026-03-29" },
      trader: null,
      completedDeals: 4,
      rating: null,
    });
    expect(badges.get(2)).toEqual({
      age: null,
      phone: null,
      trader: { on: "2026-07-01" },
      completedDeals: 0,
      rating: { average: 4.5, count: 2 },
    });
    expect(badges.get(3)).toEqual({ age: null, phone: null, trader: null, completedDeals: 0, rating: null });
    // One read per source for the whole page, each account asked once.
    expect(calls.sort()).toEqual([
      "age:1,2,3",
      "deals:1,2,3",
      "phone:1,2,3",
      "ratings:1,2,3",
      "trader:1,2,3",
    ]);
  });

  it("asks nothing for no accounts", async () => {
    const calls: string[] = [];
    expect(await createTrustBadges(sources(calls)).badgesOf([])).toEqual(new Map());
    expect(calls).toEqual([]);
  });
});
