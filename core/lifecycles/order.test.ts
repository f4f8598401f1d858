import { describe, expect, it } from "vitest";
import {
  assertInitial,
  assertTransition,
  canTransition,
  IllegalTransitionError,
  INITIAL_STATUSES,
  isFinal,
  isPaid,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderLifecycle,
  statusesBefore,
} from "./order.ts";

describe("order lifecycle", () => {
  it("allows exactly the moves of docs/product/lifecycles.md", () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        "new->awaiting_payment",
        "new->paid",
        "new->cancelled",
        "awaiting_payment->paid",
        "awaiting_payment->shipped",
        "awaiting_payment->cancelled",
        "cancelled->paid",
        "paid->shipped",
        "paid->delivered",
        "shipped->delivered",
        "paid->refunded",
        "shipped->refunded",
        "delivered->refunded",
      ].sort(),
    );
  });

  it("has a row for every status; a paid order is never paid again, only shipped, handed over or refunded", () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(isFinal("delivered")).toBe(false);
    expect(ORDER_TRANSITIONS.delivered).toEqual(["refunded"]);
    expect(isFinal("refunded")).toBe(true);
    for (const from of ["paid", "shipped", "delivered"] as const) {
      expect(canTransition(from, "paid")).toBe(false);
      expect(canTransition(from, "cancelled")).toBe(false);
    }
    expect(ORDER_TRANSITIONS.paid).toEqual(["shipped", "delivered", "refunded"]);
    expect(statusesBefore("refunded")).toEqual(["paid", "shipped", "delivered"]);
    expect(isFinal("awaiting_payment")).toBe(false);
    expect(isFinal("cancelled")).toBe(false);
  });

  it("never goes back to awaiting payment, and a cancelled order is paid only, never revived unpaid", () => {
    for (const from of ORDER_STATUSES) expect(canTransition(from, "awaiting_payment")).toBe(from === "new");
    expect(canTransition("cancelled", "cancelled")).toBe(false);
    expect(statusesBefore("cancelled")).toEqual(["new", "awaiting_payment"]);
    expect(statusesBefore("paid")).toEqual(["new", "awaiting_payment", "cancelled"]);
  });

  it("ships a paid order, or an unpaid one (cash on delivery: the payments module allows it for those only)", () => {
    expect(statusesBefore("shipped")).toEqual(["awaiting_payment", "paid"]);
    expect(statusesBefore("delivered")).toEqual(["paid", "shipped"]);
    expect(canTransition("cancelled", "shipped")).toBe(false);
  });

  it("assertTransition throws on an illegal move and names it; creation starts unpaid", () => {
    expect(() => assertTransition("awaiting_payment", "paid")).not.toThrow();
    expect(() => assertTransition("paid", "cancelled")).toThrow(IllegalTransitionError);
    expect(() => assertTransition("paid", "paid")).toThrow("order transition paid -> paid");
    expect(INITIAL_STATUSES).toEqual(["new", "awaiting_payment"]);
    expect(() => assertInitial("awaiting_payment")).not.toThrow();
    expect(() => assertInitial("paid")).toThrow("order transition (new) -> paid");
  });

  it("counts a shipped or delivered order as paid, and nothing before payment", () => {
    expect(ORDER_STATUSES.filter(isPaid)).toEqual(["paid", "shipped", "delivered"]);
  });
});

describe("the order's named transitions", () => {
  it("pays a cancelled order only on the card gateway's word, never by a marked transfer", () => {
    expect(orderLifecycle.move("pay_by_card", "cancelled")).toBe("paid");
    expect(() => orderLifecycle.move("mark_paid", "cancelled")).toThrow(IllegalTransitionError);
  });

  it("gives way (replaced, unwanted, reservation ended) only from awaiting payment", () => {
    for (const name of ["replace", "drop_unwanted", "release_reservation"] as const) {
      expect(orderLifecycle.sources(name)).toEqual(["awaiting_payment"]);
      expect(() => orderLifecycle.move(name, "paid")).toThrow(IllegalTransitionError);
    }
  });

  it("creates fees, promotions and shop orders awaiting payment", () => {
    expect(orderLifecycle.create("place")).toBe("awaiting_payment");
  });
});
