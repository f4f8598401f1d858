import { describe, expect, it } from "vitest";
import { translate } from "../i18n/index.ts";
import {
  VOUCHER_REFUSALS,
  type VoucherContext,
  type VoucherTerms,
  voucherDiscountMinor,
  voucherRefusal,
  voucherRefusalKey,
} from "./vouchers.ts";

const at = new Date("2026-11-23T12:00:00Z");
const voucher: VoucherTerms = {
  code: "VITEJTE10",
  kind: "percent",
  value: 10,
  isActive: true,
  validFrom: new Date("2026-01-01T00:00:00Z"),
  validTo: new Date("2026-12-31T23:59:59Z"),
  usageLimitTotal: 100,
  usageLimitPerUser: 1,
  minCartMinor: 50_000,
  requiresEmail: null,
};
const context: VoucherContext = {
  at,
  cartMinor: 120_000,
  codesInCart: [],
  usedTotal: 3,
  usedByCustomer: 0,
  email: "kupec@rarita.test",
};

describe("a voucher", () => {
  it("goes into a cart that meets every term", () => {
    expect(voucherRefusal(voucher, context)).toBeNull();
  });

  it("is refused for each broken term, with its own reason", () => {
    expect(voucherRefusal(null, context)).toBe("unknown");
    expect(voucherRefusal({ ...voucher, isActive: false }, context)).toBe("inactive");
    expect(voucherRefusal(voucher, { ...context, at: new Date("2025-12-31T23:00:00Z") })).toBe("notYetValid");
    expect(voucherRefusal(voucher, { ...context, at: new Date("2027-01-01T00:00:00Z") })).toBe("expired");
    expect(voucherRefusal(voucher, { ...context, codesInCart: [" vitejte10 "] })).toBe("alreadyInCart");
    expect(voucherRefusal(voucher, { ...context, usedTotal: 100 })).toBe("soldOut");
    expect(voucherRefusal(voucher, { ...context, usedByCustomer: 1 })).toBe("usedUp");
    expect(voucherRefusal(voucher, { ...context, cartMinor: 49_999 })).toBe("belowMinimum");
    const personal = { ...voucher, requiresEmail: "Petr@Rarita.test" };
    expect(voucherRefusal(personal, { ...context, email: null })).toBe("emailRequired");
    expect(voucherRefusal(personal, context)).toBe("otherEmail");
    expect(voucherRefusal(personal, { ...context, email: "petr@rarita.TEST" })).toBeNull();
  });

  it("without limits, dates or a minimum takes any cart", () => {
    const open = {
      ...voucher,
      validFrom: null,
      validTo: null,
      usageLimitTotal: null,
      usageLimitPerUser: null,
      minCartMinor: null,
    };
    expect(
      voucherRefusal(open, { ...context, cartMinor: 1, usedTotal: 10_000, usedByCustomer: 50 }),
    ).toBeNull();
  });

  it("takes a percent rounded to whole haléře, half up, and a fixed amount never below zero", () => {
    expect(voucherDiscountMinor({ kind: "percent", value: 10 }, 120_000)).toBe(12_000);
    expect(voucherDiscountMinor({ kind: "percent", value: 5 }, 2_900)).toBe(145);
    expect(voucherDiscountMinor({ kind: "percent", value: 5 }, 10)).toBe(1);
    expect(voucherDiscountMinor({ kind: "fixed", value: 50_000 }, 120_000)).toBe(50_000);
    expect(voucherDiscountMinor({ kind: "fixed", value: 50_000 }, 30_000)).toBe(30_000);
  });

  it("has a message for every refusal in both languages", () => {
    for (const reason of VOUCHER_REFUSALS) {
      const key = voucherRefusalKey(reason);
      expect(translate("cs", key, { min: "500 Kč" })).not.toBe(key);
      expect(translate("en", key, { min: "CZK 500" })).not.toBe(key);
    }
    expect(translate("cs", voucherRefusalKey("belowMinimum"), { min: "500,00 Kč" })).toBe(
      "Slevový kód platí pro nákup od 500,00 Kč.",
    );
  });
});
