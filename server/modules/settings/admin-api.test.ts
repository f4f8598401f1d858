import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEALS, FEES } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { auditLog } from "../admin/tables.ts";
import { settings } from "./tables.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("PUT /api/admin/settings/{name}", () => {
  it("lets an admin switch maintenance on, and records who did it", async () => {
    const { user, token } = await api.createUser({ role: "admin" });
    const response = await api.call("PUT", "/api/admin/settings/maintenance", {
      token,
      body: { value: { is_enabled: true } },
    });
    expect(response.status).toBe(200);
    expect(await api.services.settings.isMaintenance()).toBe(true);
    const [entry] = await api.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(entry).toMatchObject({
      action: "setting.update",
      entity: "setting",
      entityId: "maintenance",
      data: { before: null, after: { is_enabled: true } },
    });

    await api.call("PUT", "/api/admin/settings/maintenance", {
      token,
      body: { value: { is_enabled: false } },
    });
    expect(await api.services.settings.isMaintenance()).toBe(false);
    expect(await api.db.select().from(settings).where(eq(settings.name, "maintenance"))).toHaveLength(1);
  });

  it("refuses other users (403), guests (401), unknown names and a missing value (422), changing nothing", async () => {
    const { token } = await api.createUser();
    const before = await api.db.select().from(settings);
    expect(
      (
        await api.call("PUT", "/api/admin/settings/maintenance", {
          token,
          body: { value: { is_enabled: true } },
        })
      ).status,
    ).toBe(403);
    expect((await api.call("PUT", "/api/admin/settings/maintenance", { body: { value: {} } })).status).toBe(
      401,
    );
    const { token: admin } = await api.createUser({ role: "admin" });
    expect(
      (await api.call("PUT", "/api/admin/settings/evil", { token: admin, body: { value: 1 } })).status,
    ).toBe(422);
    expect((await api.call("PUT", "/api/admin/settings/bid", { token: admin, body: {} })).status).toBe(422);
    expect(await api.db.select().from(settings)).toEqual(before);
  });

  it("stores a valid value as parsed (texts trimmed), per language where the setting has languages", async () => {
    const { token } = await api.createUser({ role: "admin" });
    const bid = [
      { min: 0, max: 1000, value: 20, step: 20 },
      { min: 1000, max: null, value: 100, step: 100 },
    ];
    const saved = await api.call("PUT", "/api/admin/settings/bid", { token, body: { value: bid } });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ name: "bid", value: bid });
    expect(await api.services.settings.get("bid")).toEqual(bid);

    const menu = await api.call("PUT", "/api/admin/settings/topmenu?lang=en", {
      token,
      body: { value: [{ link: "/en/blog", text: "  Magazine " }] },
    });
    expect(menu.status).toBe(200);
    expect(await api.services.settings.get("topmenu", "en")).toEqual([
      { link: "/en/blog", text: "Magazine" },
    ]);
  });

  it("refuses a value that does not fit its setting with 422 per field, storing and auditing nothing", async () => {
    const { token } = await api.createUser({ role: "admin" });
    const settingsBefore = await api.db.select().from(settings);
    const auditBefore = await api.db.select().from(auditLog);
    const put = (name: string, value: unknown, query = "") =>
      api.call("PUT", `/api/admin/settings/${name}${query}`, { token, body: { value } });

    const cases: [string, unknown, Record<string, string[]>][] = [
      ["maintenance", { is_enabled: "yes" }, { "value.is_enabled": ["Pole má neplatnou hodnotu."] }],
      ["maintenance", {}, { "value.is_enabled": ["Pole musí být vyplněno"] }],
      [
        "bid",
        [
          { min: 0, max: 500, value: 10, step: 10 },
          { min: 600, max: null, value: 20, step: 20 },
        ],
        { "value.1.min": ["Mezera: rozsah musí začínat tam, kde předchozí končí."] },
      ],
      [
        "bid",
        [
          { min: 0, max: 0, value: 10, step: 10 },
          { min: 0, max: 1000, value: 0, step: 20 },
        ],
        {
          "value.0.max": ["Horní mez musí být větší než dolní."],
          "value.1.value": ["Hodnota musí být alespoň 1."],
          "value.1.max": ["Poslední rozsah musí být bez horní meze (nechte pole prázdné)."],
        },
      ],
      ["bid", [], { value: ["Pole musí být vyplněno"] }],
      [
        "fees",
        {
          insertionMinor: { auction: { week: 2900, month: -1 }, classified: 19.5, demand: 0 },
          promotionPerDayMinor: 1500,
          promotionMinDays: 5,
          promotionMaxDays: 2,
          freeProductsBeforeVerification: 10,
        },
        {
          "value.insertionMinor.auction.month": ["Hodnota musí být alespoň 0."],
          "value.insertionMinor.classified": ["Pole má neplatnou hodnotu."],
        },
      ],
      [
        "deals",
        { ...DEALS, buyerProtection: { ...DEALS.buyerProtection, percentBp: 5_000 }, payDays: "3" },
        {
          "value.buyerProtection.percentBp": ["Hodnota může být nejvýše 2000."],
          "value.payDays": ["Pole má neplatnou hodnotu."],
        },
      ],
      [
        "deals",
        { ...DEALS, payReminderHours: [96, 12] },
        { "value.payReminderHours.0": ["Připomínka musí přijít před lhůtou k zaplacení."] },
      ],
      ["contacts", { email: "info@rarita.test", fax: "1" }, { "value.fax": ["Toto pole není povoleno."] }],
      [
        "topmenu",
        [{ link: "javascript:alert(1)", text: "Akce" }],
        { "value.0.link": ["Zadejte adresu začínající / nebo http(s)://."] },
      ],
      ["categoriesMenu", [1, 2, 2], { value: ["Položky se nesmí opakovat."] }],
      [
        "maintenance",
        { is_enabled: true },
        { lang: ["Toto nastavení platí pro všechny jazyky; uložte je bez jazyka."] },
      ],
    ];
    for (const [index, [name, value, errors]] of cases.entries()) {
      const query = index === cases.length - 1 ? "?lang=cs" : "";
      const response = await put(name, value, query);
      expect(response.status, `${name} ${JSON.stringify(value)}`).toBe(422);
      expect(response.json, `${name} ${JSON.stringify(value)}`).toEqual({ errors });
    }
    // The rule on the days shows once the amounts are right.
    const days = await put("fees", { ...FEES, promotionMinDays: 5, promotionMaxDays: 2 });
    expect(days.json).toEqual({
      errors: { "value.promotionMaxDays": ["Hodnota nesmí být menší než minimum."] },
    });
    // English on request.
    const english = await api.call("PUT", "/api/admin/settings/maintenance", {
      token,
      body: { value: { is_enabled: 1 } },
      headers: { "Accept-Language": "en" },
    });
    expect(english.json).toEqual({ errors: { "value.is_enabled": ["The field has an invalid value."] } });

    expect(await api.db.select().from(settings)).toEqual(settingsBefore);
    expect(await api.db.select().from(auditLog)).toEqual(auditBefore);
  });
});
