import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BID_STEPS, DEALS, FEES } from "#server/db/seed/settings-data.ts";
import { issuesToFieldErrors } from "../validation/field-errors.ts";
import { SETTING_NAMES } from "./settings.ts";
import { settingFormSchema, settingFormValues } from "./settings-form.ts";

/** What the browser posts, as Conform reads it: the form's values as strings. */
const posted = (value: unknown) => ({ value });

describe("a setting's form", () => {
  it("reads back every seeded value it shows, unchanged", () => {
    const seeded = { bid: BID_STEPS, fees: FEES, deals: DEALS, maintenance: { is_enabled: true } };
    for (const [name, value] of Object.entries(seeded)) {
      const form = settingFormValues(name as keyof typeof seeded, value);
      const parsed = settingFormSchema(name as keyof typeof seeded).safeParse(form);
      expect(parsed.data, name).toEqual({ value });
    }
    expect(SETTING_NAMES.length).toBeGreaterThan(7);
  });

  it("shows amounts in crowns and reads them back in minor units", () => {
    const form = settingFormValues("fees", FEES) as { value: { promotionPerDayMinor: string } };
    expect(form.value.promotionPerDayMinor).toBe(String(FEES.promotionPerDayMinor / 100).replace(".", ","));
    const typed = { ...form.value, promotionPerDayMinor: "1 500,50" };
    const parsed = settingFormSchema("fees").safeParse(posted(typed));
    expect(parsed.data?.value).toMatchObject({ promotionPerDayMinor: 150_050 });
  });

  it("reads the deals setting: crowns for its amounts, whole numbers for the rest, reminders as a list", () => {
    const form = settingFormValues("deals", DEALS) as {
      value: { buyerProtection: Record<string, string>; payReminderHours: string[] };
    };
    expect(form.value.buyerProtection).toEqual({ percentBp: "500", fixedMinor: "10", minMinor: "29" });
    expect(form.value.payReminderHours).toEqual(["24", "12"]);
    const typed = {
      ...form.value,
      enabled: "on",
      buyerProtection: { percentBp: "450", fixedMinor: "9,90", minMinor: "25" },
      payReminderHours: ["72", "12,5"],
    };
    const parsed = settingFormSchema("deals").safeParse(posted(typed));
    expect(issuesToFieldErrors(parsed.error?.issues ?? [], "cs")).toEqual({
      "value.payReminderHours.1": ["Zadejte celé číslo."],
    });
    // The rule on the reminders shows once every number is right: 72 h is not before a 3-day deadline.
    const late = settingFormSchema("deals").safeParse(posted({ ...typed, payReminderHours: ["72", "12"] }));
    expect(issuesToFieldErrors(late.error?.issues ?? [], "cs")).toEqual({
      "value.payReminderHours.0": ["Připomínka musí přijít před lhůtou k zaplacení."],
    });
    const fixed = settingFormSchema("deals").safeParse(posted({ ...typed, payReminderHours: ["48"] }));
    expect(fixed.data?.value).toMatchObject({
      enabled: true,
      buyerProtection: { percentBp: 450, fixedMinor: 990, minMinor: 2_500 },
      payReminderHours: [48],
    });
  });

  it("says a bad bid table at the rows' fields, in the API's words", () => {
    const rows = [
      { min: "0", max: "500", value: "10", step: "10" },
      { min: "400", max: "", value: "20", step: "20" },
      { min: "", max: "", value: "x", step: "5" },
    ];
    const parsed = settingFormSchema("bid").safeParse(posted(rows));
    expect(issuesToFieldErrors(parsed.error?.issues ?? [], "cs")).toEqual({
      "value.2.min": ["Pole musí být vyplněno"],
      "value.2.value": ["Zadejte celé číslo."],
    });
    const shaped = settingFormSchema("bid").safeParse(posted(rows.slice(0, 2)));
    expect(issuesToFieldErrors(shaped.error?.issues ?? [], "cs")).toEqual({
      "value.1.min": ["Překryv: rozsah musí začínat tam, kde předchozí končí."],
    });
  });

  it("reads an unticked switch as off and an empty optional text as absent", () => {
    expect(settingFormSchema("maintenance").safeParse(posted({})).data).toEqual({
      value: { is_enabled: false },
    });
    expect(settingFormSchema("intropopup").safeParse(posted({ title: "", is_enabled: "on" })).data).toEqual({
      value: { is_enabled: true },
    });
  });

  it("is read by Conform from a form with no field sent (an unticked switch, an emptied list)", () => {
    const maintenance = parseWithZod(new FormData(), { schema: settingFormSchema("maintenance") });
    expect(maintenance.status === "success" && maintenance.value).toEqual({ value: { is_enabled: false } });
    const menu = parseWithZod(new FormData(), { schema: settingFormSchema("topmenu") });
    expect(menu.status === "success" && menu.value).toEqual({ value: [] });
  });
});
