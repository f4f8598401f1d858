import { describe, expect, it } from "vitest";
import { SETTING_NAMES, SETTING_SPECS } from "#core/schemas/settings.ts";
import { BID_STEPS, buildSettings, DEALS, FEES } from "#server/db/seed/settings-data.ts";

describe("the seeded settings", () => {
  const seeded = buildSettings([1, 2, 3, 4]);

  it("seed every setting the admin API knows, in each language where it has languages", () => {
    for (const name of SETTING_NAMES) {
      const locales = seeded.filter((entry) => entry.name === name).map((entry) => entry.locale);
      expect(locales.sort(), name).toEqual(SETTING_SPECS[name].perLanguage ? ["cs", "en"] : [null]);
    }
    expect(seeded.every((entry) => (SETTING_NAMES as readonly string[]).includes(entry.name))).toBe(true);
  });

  it("pass the schemas the admin API validates with, unchanged", () => {
    for (const entry of seeded) {
      const parsed = SETTING_SPECS[entry.name as keyof typeof SETTING_SPECS].schema.safeParse(entry.value);
      expect(parsed.error?.issues ?? [], `${entry.name} (${entry.locale})`).toEqual([]);
      // Nothing the seed writes is trimmed or dropped by the schema.
      expect(parsed.data, entry.name).toEqual(entry.value);
    }
    expect(SETTING_SPECS.bid.schema.safeParse(BID_STEPS).success).toBe(true);
    expect(SETTING_SPECS.fees.schema.safeParse(FEES).success).toBe(true);
    expect(SETTING_SPECS.deals.schema.safeParse(DEALS).success).toBe(true);
  });
});

describe("the deals schema", () => {
  const schema = SETTING_SPECS.deals.schema;
  const paths = (value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.path.join("."));
  it("keeps the fees and deadlines within sane bounds", () => {
    expect(
      paths({
        ...DEALS,
        buyerProtection: { percentBp: 2_001, fixedMinor: -1, minMinor: 100_001 },
        sellerCommissionBp: 3_001,
        payDays: 0,
        shipWorkingDays: 21,
        releaseDaysAfterShipping: 2,
        secondChanceHours: 12.5,
      }),
    ).toEqual([
      "buyerProtection.percentBp",
      "buyerProtection.fixedMinor",
      "buyerProtection.minMinor",
      "sellerCommissionBp",
      "payDays",
      "shipWorkingDays",
      "releaseDaysAfterShipping",
      "secondChanceHours",
    ]);
    expect(
      paths({ ...DEALS, enabled: true, sellerCommissionBp: 3_000, payReminderHours: [] }),
    ).toBeUndefined();
  });

  it("wants each payment reminder once and before the deadline", () => {
    expect(paths({ ...DEALS, payReminderHours: [24, 24] })).toEqual(["payReminderHours"]);
    expect(paths({ ...DEALS, payDays: 1, payReminderHours: [24, 12] })).toEqual(["payReminderHours.0"]);
    expect(paths({ ...DEALS, fee: 1 })).toEqual([""]);
  });
});

describe("the bid table schema", () => {
  const schema = SETTING_SPECS.bid.schema;
  it("wants contiguous whole-CZK ranges from 0 with only the last open-ended", () => {
    expect(schema.safeParse([{ min: 0, max: null, value: 10, step: 10 }]).success).toBe(true);
    const paths = (table: unknown) => schema.safeParse(table).error?.issues.map((i) => i.path.join("."));
    // Starting above 0; unsorted (the open range is not last, the last one is closed).
    expect(paths([{ min: 100, max: null, value: 10, step: 10 }])).toEqual(["0.min"]);
    expect(
      paths([
        { min: 500, max: null, value: 20, step: 20 },
        { min: 0, max: 500, value: 10, step: 10 },
      ]),
    ).toEqual(["0.min", "0.max", "1.max"]);
    // Fractions of a crown and unknown fields are refused.
    expect(paths([{ min: 0, max: null, value: 10.5, step: 10 }])).toEqual(["0.value"]);
    expect(paths([{ min: 0, max: null, value: 10, step: 10, note: "x" }])).toEqual(["0"]);
  });
});

describe("the contacts schema", () => {
  const schema = SETTING_SPECS.contacts.schema;
  it("takes a bank account that QR payments can use: a Czech account number or an IBAN", () => {
    expect(schema.safeParse({ bank_account: "19-2000145399/0800" }).success).toBe(true);
    expect(schema.safeParse({ bank_account: "CZ65 0800 0000 1920 0014 5399" }).success).toBe(true);
    // The banks' modulo-11 check fails, or the bank code is missing.
    expect(schema.safeParse({ bank_account: "2801234567/2010" }).error?.issues[0].path).toEqual([
      "bank_account",
    ]);
    expect(schema.safeParse({ bank_account: "2000145399" }).success).toBe(false);
  });
});
