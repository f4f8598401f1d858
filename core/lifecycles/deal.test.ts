import { describe, expect, it } from "vitest";
import { DEAL_STATUSES, DEAL_TRANSITIONS, dealLifecycle, IllegalTransitionError } from "./deal.ts";

describe("deal lifecycle", () => {
  it("allows exactly the moves of docs/product/lifecycles.md", () => {
    const allowed = DEAL_STATUSES.flatMap((from) =>
      DEAL_STATUSES.filter((to) => dealLifecycle.canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        "awaiting_payment->paid",
        "awaiting_payment->cancelled_unpaid",
        "awaiting_payment->cancelled",
        "paid->shipped",
        "paid->ready_for_pickup",
        "paid->cancelled",
        "shipped->delivered",
        "shipped->completed",
        "shipped->disputed",
        "ready_for_pickup->delivered",
        "ready_for_pickup->disputed",
        "ready_for_pickup->cancelled",
        "delivered->completed",
        "delivered->disputed",
        "disputed->completed",
        "disputed->partially_refunded",
        "disputed->refunded",
      ].sort(),
    );
  });

  it("is created awaiting payment only", () => {
    expect(dealLifecycle.initial).toEqual(["awaiting_payment"]);
    expect(() => dealLifecycle.create("create", "paid")).toThrow(IllegalTransitionError);
  });

  it("ends in the settled and cancelled statuses, and only there", () => {
    const final = DEAL_STATUSES.filter((status) => dealLifecycle.isFinal(status));
    expect(final.sort()).toEqual(
      ["completed", "partially_refunded", "refunded", "cancelled", "cancelled_unpaid"].sort(),
    );
    expect(Object.keys(DEAL_TRANSITIONS).sort()).toEqual([...DEAL_STATUSES].sort());
  });

  it("never moves money back once the goods left: no cancel after shipping, no release before it", () => {
    expect(dealLifecycle.canTransition("shipped", "cancelled")).toBe(false);
    expect(dealLifecycle.canTransition("delivered", "refunded")).toBe(false);
    expect(dealLifecycle.canTransition("paid", "completed")).toBe(false);
    expect(dealLifecycle.canTransition("awaiting_payment", "shipped")).toBe(false);
    expect(dealLifecycle.canTransition("ready_for_pickup", "completed")).toBe(false);
  });

  it("checks a named move against where it may start and end", () => {
    expect(dealLifecycle.move("resolve", "disputed", "partially_refunded")).toBe("partially_refunded");
    expect(() => dealLifecycle.move("resolve", "disputed")).toThrow(/needs its target/);
    expect(() => dealLifecycle.move("release", "disputed")).toThrow(IllegalTransitionError);
    expect(() => dealLifecycle.move("cancel", "shipped")).toThrow(IllegalTransitionError);
    expect(() => dealLifecycle.move("pay", "cancelled_unpaid")).toThrow(IllegalTransitionError);
  });
});
