import { describe, expect, it } from "vitest";
import {
  assertInitial,
  assertTransition,
  canTransition,
  IllegalTransitionError,
  INITIAL_STATUSES,
  isFinal,
  OPEN_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  statusesBefore,
} from "./payment.ts";

describe("payment lifecycle", () => {
  it("allows exactly the moves of docs/product/lifecycles.md", () => {
    const allowed = PAYMENT_STATUSES.flatMap((from) =>
      PAYMENT_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        "created->pending",
        "created->paid",
        "created->failed",
        "created->refunded",
        "pending->paid",
        "pending->failed",
        "pending->refunded",
      ].sort(),
    );
  });

  it("has a row for every status; only the open ones move", () => {
    expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
    for (const status of PAYMENT_STATUSES)
      expect(isFinal(status)).toBe(!(OPEN_STATUSES as readonly string[]).includes(status));
  });

  it("a decided payment stays decided: no paid payment fails, no refund is undone", () => {
    expect(canTransition("paid", "refunded")).toBe(false);
    expect(canTransition("failed", "paid")).toBe(false);
    expect(canTransition("refunded", "paid")).toBe(false);
    expect(canTransition("pending", "created")).toBe(false);
    expect(statusesBefore("pending")).toEqual(["created"]);
  });

  it("assertTransition throws on an illegal move and names it; a transfer is recorded paid, a card payment created", () => {
    expect(() => assertTransition("pending", "paid")).not.toThrow();
    expect(() => assertTransition("paid", "failed")).toThrow(IllegalTransitionError);
    expect(() => assertTransition("refunded", "paid")).toThrow("payment transition refunded -> paid");
    expect(INITIAL_STATUSES).toEqual(["created", "paid"]);
    expect(() => assertInitial("pending")).toThrow("payment transition (new) -> pending");
  });
});
