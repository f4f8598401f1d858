import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../test/api-harness.ts";
import { settings } from "../settings/tables.ts";
import { auditLog } from "./tables.ts";

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
});
