import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, vouchers, voucherUsages } from "#server/db/schema.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { auditLog } from "../../admin/tables.ts";

/** The back office's vouchers: every rule the shop enforces, set from the form, and refused when wrong. */
let api: TestApi;
let token: string;
let influencerId: number;

beforeAll(async () => {
  api = await createTestApi();
  token = (await api.createUser({ role: "accountant" })).token;
  influencerId = (
    await api.createUser({
      email: "Petra.Influencerka@example.cz",
      username: "petra.sbirka",
      firstname: "Petra",
    })
  ).user.id;
}, 60_000);
afterAll(() => api?.close());

const base = {
  code: "ZIMA300",
  kind: "fixed",
  value: 300,
  minCart: 1_000,
  isActive: true,
  usageLimitTotal: 1,
};
const check = (code: string, cartMinor = 150_000) =>
  api.services.orders.voucherForCart({
    code,
    cartMinor,
    codesInCart: [],
    at: new Date(),
    userId: null,
    email: "a@b.cz",
  });

describe("vouchers in the back office", () => {
  it("creates a voucher the shop then applies with its rules, and audits it", async () => {
    const created = await api.call("POST", "/api/admin/vouchers", {
      token,
      body: { ...base, influencer: "petra.influencerka@EXAMPLE.cz", marginPercent: 10 },
    });
    expect(created.status).toBe(200);
    expect(await check("zima300")).toMatchObject({ ok: true });
    expect(await check("ZIMA300", 50_000)).toMatchObject({ ok: false });
    const read = await api.call("GET", `/api/admin/vouchers/${created.json.id}`, { token });
    // The influencer was found by the e-mail in any case, and is named, not only numbered.
    expect(read.json).toMatchObject({
      uses: 0,
      values: { value: 300, minCart: 1_000, influencer: "Petra.Influencerka@example.cz" },
      influencer: {
        id: influencerId,
        username: "petra.sbirka",
        firstname: "Petra",
        email: "Petra.Influencerka@example.cz",
      },
    });
    expect(await api.services.orders.influencerStats(influencerId)).not.toBeNull();
    const edited = await api.call("PUT", `/api/admin/vouchers/${created.json.id}`, {
      token,
      body: { ...base, isActive: false },
    });
    expect(edited.status).toBe(200);
    expect(await check("ZIMA300")).toMatchObject({ ok: false });
    const audit = await api.db.select().from(auditLog).where(eq(auditLog.entity, "voucher"));
    expect(audit.map((entry) => entry.action)).toEqual(["voucher.create", "voucher.update"]);
    const list = await api.call("GET", "/api/admin/vouchers?q=zima", { token });
    expect(list.json.rows).toMatchObject([{ code: "ZIMA300", uses: 0, isActive: false, influencer: null }]);
  });

  it("takes the influencer by their user number too, as a number or as the form's text", async () => {
    for (const [code, influencer] of [
      ["CISLO", influencerId],
      ["TEXT", ` ${influencerId} `],
    ] as const) {
      const created = await api.call("POST", "/api/admin/vouchers", {
        token,
        body: { ...base, code, influencer, marginPercent: 5 },
      });
      expect(created.status).toBe(200);
      const [row] = await api.db.select().from(vouchers).where(eq(vouchers.id, created.json.id));
      expect(row.influencerUserId).toBe(influencerId);
    }
    const list = await api.call("GET", "/api/admin/vouchers?q=CISLO", { token });
    expect(list.json.rows[0].influencer).toMatchObject({
      id: influencerId,
      email: "Petra.Influencerka@example.cz",
    });
  });

  it("a total limit set in the back office holds at the cart once the voucher was used", async () => {
    const created = await api.call("POST", "/api/admin/vouchers", {
      token,
      body: { ...base, code: "JEDNOU", usageLimitTotal: 1, usageLimitPerUser: 1 },
    });
    expect(await check("JEDNOU")).toMatchObject({ ok: true });
    const [order] = await api.db
      .insert(orders)
      .values({
        hash: "h".repeat(32),
        kind: "shop",
        status: "paid",
        email: "a@b.cz",
        totalMinor: 1_000,
        voucherId: created.json.id,
      })
      .returning();
    await api.db.insert(voucherUsages).values({ voucherId: created.json.id, orderId: order.id });
    expect(await check("JEDNOU")).toMatchObject({ ok: false, code: "soldOut" });
    const list = await api.call("GET", "/api/admin/vouchers?q=JEDNOU", { token });
    expect(list.json.rows[0]).toMatchObject({ uses: 1, usageLimitTotal: 1 });
  });

  it("refuses a taken code in any case, a percent above 100, dates in the wrong order and an unknown influencer", async () => {
    const refused = async (body: Record<string, unknown>) => {
      const response = await api.call("POST", "/api/admin/vouchers", { token, body: { ...base, ...body } });
      expect(response.status).toBe(422);
      return Object.keys(response.json.errors);
    };
    expect(await refused({ code: "zima300" })).toEqual(["code"]);
    expect(await refused({ code: "PROC", kind: "percent", value: 150 })).toEqual(["value"]);
    expect(
      await refused({ code: "DATA", validFrom: "2026-12-24T10:00", validTo: "2026-12-01T10:00" }),
    ).toEqual(["validTo"]);
    expect(await refused({ code: "NIKDO", influencer: 999_999 })).toEqual(["influencer"]);
    expect(await refused({ code: "MARZE", marginPercent: 5 })).toEqual(["influencer"]);
    expect(await refused({ code: "s mezerou" })).toEqual(["code"]);
  });

  it("says in the caller's language that no user has the e-mail or number, or that it is neither", async () => {
    const refusal = async (influencer: unknown, language: "cs" | "en") => {
      const response = await api.call("POST", "/api/admin/vouchers", {
        token,
        body: { ...base, code: "NEZNAMY", influencer },
        headers: { "Accept-Language": language },
      });
      expect(response.status).toBe(422);
      return response.json.errors.influencer;
    };
    expect(await refusal("nikdo@example.cz", "cs")).toEqual([
      "Uživatel s tímto e-mailem nebo číslem neexistuje.",
    ]);
    expect(await refusal("nikdo@example.cz", "en")).toEqual(["There is no user with this e-mail or number."]);
    expect(await refusal("Petra Influencerka", "en")).toEqual(["Enter the user's e-mail or their number."]);
    expect(await api.db.select().from(vouchers).where(eq(vouchers.code, "NEZNAMY"))).toEqual([]);
  });
});
