import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { settings } from "./tables.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  await api.db.insert(settings).values([
    { name: "maintenance", locale: null, value: { is_enabled: false } },
    { name: "topmenu", locale: "cs", value: [{ link: "/denni-aukce", text: "Denní aukce" }] },
    { name: "topmenu", locale: "en", value: [{ link: "/en/daily-auctions", text: "Daily auctions" }] },
    { name: "contacts", locale: null, value: { email: "info@rarita.test" } },
    { name: "contacts", locale: "en", value: { email: "hello@rarita.test" } },
  ]);
});
afterAll(async () => {
  await api?.close();
});

describe("GET /api/settings?lang=", () => {
  it("returns name/value entries of the language, its own value winning over the shared one", async () => {
    const cs = await api.call("GET", "/api/settings?lang=cs");
    expect(cs.status).toBe(200);
    expect(cs.json).toEqual([
      { name: "contacts", value: { email: "info@rarita.test" } },
      { name: "maintenance", value: { is_enabled: false } },
      { name: "topmenu", value: [{ link: "/denni-aukce", text: "Denní aukce" }] },
    ]);
    const en = await api.call("GET", "/api/settings?lang=en");
    expect(en.json).toEqual([
      { name: "contacts", value: { email: "hello@rarita.test" } },
      { name: "maintenance", value: { is_enabled: false } },
      { name: "topmenu", value: [{ link: "/en/daily-auctions", text: "Daily auctions" }] },
    ]);
  });

  it("defaults to Czech and refuses an unknown language", async () => {
    expect((await api.call("GET", "/api/settings")).json).toEqual(
      (await api.call("GET", "/api/settings?lang=cs")).json,
    );
    const bad = await api.call("GET", "/api/settings?lang=de");
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(["lang"]);
  });

  it("keeps one value per name and language, the shared one included", async () => {
    await expect(
      api.db.insert(settings).values({ name: "maintenance", locale: null, value: {} }),
    ).rejects.toThrow();
    await expect(
      api.db.insert(settings).values({ name: "topmenu", locale: "cs", value: [] }),
    ).rejects.toThrow();
  });

  it("tells the server when maintenance is on", async () => {
    expect(await api.services.settings.isMaintenance()).toBe(false);
  });
});
