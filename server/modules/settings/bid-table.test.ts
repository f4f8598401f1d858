import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertBidders } from "#server/test/auction-fixtures.ts";

/**
 * The bid-step table as the back office saves it (docs/product/back-office.md, "Settings"): the API
 * refuses a table with a gap, an overlap, no start at 0 or an open range anywhere but last, each
 * said at the offending row's field, in the same words as the back office's editor; a good table is
 * what bidding then uses.
 */
let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await createTestApi();
  ({ token } = await api.createUser({ role: "admin" }));
});
afterAll(async () => {
  await api?.close();
});

const row = (min: number, max: number | null, value: number) => ({ min, max, value, step: value });
const putBid = (value: unknown) => api.call("PUT", "/api/admin/settings/bid", { token, body: { value } });

describe("the bid table", () => {
  it("refuses gaps, overlaps, a start above 0 and open ranges not last, at the right rows, storing nothing", async () => {
    const cases: [string, unknown[], Record<string, string[]>][] = [
      [
        "gap",
        [row(0, 500, 10), row(600, 1000, 20), row(1000, null, 50)],
        { "value.1.min": ["Mezera: rozsah musí začínat tam, kde předchozí končí."] },
      ],
      [
        "overlap",
        [row(0, 500, 10), row(500, 1000, 20), row(900, null, 50)],
        { "value.2.min": ["Překryv: rozsah musí začínat tam, kde předchozí končí."] },
      ],
      [
        "not from 0",
        [row(100, 500, 10), row(500, null, 20)],
        { "value.0.min": ["První rozsah musí začínat od 0 Kč."] },
      ],
      [
        "open range not last",
        [row(0, null, 10), row(500, 1000, 20)],
        {
          "value.0.max": ["Bez horní meze smí být jen poslední rozsah."],
          "value.1.max": ["Poslední rozsah musí být bez horní meze (nechte pole prázdné)."],
        },
      ],
      [
        "two open ranges",
        [row(0, 500, 10), row(500, null, 20), row(1000, null, 50)],
        { "value.1.max": ["Bez horní meze smí být jen poslední rozsah."] },
      ],
    ];
    const before = await api.services.settings.entries();
    for (const [label, table, errors] of cases) {
      const response = await putBid(table);
      expect(response.status, label).toBe(422);
      expect(response.json, label).toEqual({ errors });
    }
    const english = await api.call("PUT", "/api/admin/settings/bid", {
      token,
      body: { value: [row(0, 500, 10), row(400, null, 20)] },
      headers: { "Accept-Language": "en" },
    });
    expect(english.json).toEqual({
      errors: { "value.1.min": ["Overlap: a range must start where the previous one ends."] },
    });
    expect(await api.services.settings.entries()).toEqual(before);
  });

  it("saves a good table, and bidding takes its steps", async () => {
    const table = [row(0, 1000, 10), row(1000, 5000, 300), row(5000, null, 1000)];
    const saved = await putBid(table);
    expect(saved.status).toBe(200);
    expect(await api.services.settings.get("bid")).toEqual(table);

    const [seller, anna, bob] = await insertBidders(api.db, 3);
    // Starts at 1 000 Kč: the range from 1 000 Kč asks 300 Kč more per bid.
    const auction = await insertAuction(api.db, { sellerId: seller.user.id });
    const bid = (who: string, amount: number) =>
      api.call("POST", `/api/auctions/${auction.id}/bids`, { token: who, body: { amount } });
    const first = await bid(anna.token, 100_000);
    expect(first.status).toBe(201);
    expect(first.json.auction.minimumNextBidMinor).toBe(130_000);
    expect((await bid(bob.token, 120_000)).status).toBe(422);
    expect((await bid(bob.token, 130_000)).status).toBe(201);
  });
});

describe("the maintenance switch", () => {
  it("records who switched it and when, shown to staff only, and keeps it while it stays on", async () => {
    const { user, token: owner } = await api.createUser({ role: "admin" });
    const put = (on: boolean) =>
      api.call("PUT", "/api/admin/settings/maintenance", {
        token: owner,
        body: { value: { is_enabled: on } },
      });
    expect((await put(true)).status).toBe(200);
    const on = await api.services.settings.maintenanceState();
    expect(on).toMatchObject({ is_enabled: true, switched_by: { id: user.id, name: user.username } });
    expect(Date.now() - Date.parse(on?.switched_at ?? "")).toBeLessThan(60_000);
    // Saving it on again keeps who switched it on first.
    await put(true);
    expect(await api.services.settings.maintenanceState()).toEqual(on);
    // The public settings say only whether it is on.
    const site = await api.call("GET", "/api/settings");
    expect(site.json.find((entry: { name: string }) => entry.name === "maintenance")).toEqual({
      name: "maintenance",
      value: { is_enabled: true },
    });
    const all = await api.call("GET", "/api/admin/settings", { token: owner });
    expect(all.status).toBe(200);
    expect(all.json.data.find((entry: { name: string }) => entry.name === "maintenance")).toMatchObject({
      locale: null,
      perLanguage: false,
      value: on,
    });
    await put(false);
    expect(await api.services.settings.maintenanceState()).toMatchObject({
      is_enabled: false,
      switched_by: { id: user.id },
    });
    expect(await api.services.settings.isMaintenance()).toBe(false);
  });

  it("lists every setting only to staff with the settings scope", async () => {
    const { token: moderator } = await api.createUser({ role: "moderator" });
    expect((await api.call("GET", "/api/admin/settings", { token: moderator })).status).toBe(403);
    expect((await api.call("GET", "/api/admin/settings")).status).toBe(401);
  });
});
