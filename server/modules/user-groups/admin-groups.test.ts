import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { auditLog } from "../admin/tables.ts";
import { userGroups } from "./tables.ts";

let api: TestApi;
let moderator: Awaited<ReturnType<TestApi["createUser"]>>;
beforeAll(async () => {
  api = await createTestApi();
  moderator = await api.createUser({ role: "moderator" });
});
afterAll(async () => {
  await api?.close();
});

const auditOf = (action: string, entityId: string) =>
  api.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

describe("groups", () => {
  it("creates, renames and sets the discount, and deletes a group only when empty, all audited", async () => {
    const token = moderator.token;
    const created = await api.call("POST", "/api/admin/groups", {
      token,
      body: { name: " Sběratelé ", discountPercent: 10 },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Sběratelé", discountPercent: 10 });
    const id = created.json.id as number;

    const updated = await api.call("PUT", `/api/admin/groups/${id}`, {
      token,
      body: { name: "Velkoodběratelé", discountPercent: 100 },
    });
    expect(updated.status).toBe(200);
    const [entry] = await auditOf("group.update", String(id));
    expect(entry).toMatchObject({
      actorId: moderator.user.id,
      data: {
        before: { name: "Sběratelé", discountPercent: 10 },
        after: { name: "Velkoodběratelé", discountPercent: 100 },
      },
    });

    const { user } = await api.createUser();
    expect(
      (await api.call("PUT", `/api/admin/users/${user.id}/group`, { token, body: { groupId: id } })).status,
    ).toBe(200);
    const refused = await api.call("DELETE", `/api/admin/groups/${id}`, { token });
    expect(refused.status).toBe(409);
    const list = await api.call("GET", "/api/admin/groups", { token });
    expect(list.json.data).toContainEqual({ id, name: "Velkoodběratelé", discountPercent: 100, members: 1 });

    await api.call("PUT", `/api/admin/users/${user.id}/group`, { token, body: { groupId: null } });
    expect((await api.call("DELETE", `/api/admin/groups/${id}`, { token })).status).toBe(200);
    expect(await api.db.select().from(userGroups).where(eq(userGroups.id, id))).toEqual([]);
    expect(await auditOf("group.delete", String(id))).toHaveLength(1);
    expect((await api.call("DELETE", `/api/admin/groups/${id}`, { token })).status).toBe(404);
  });

  it("refuses a discount outside 0–100 or not whole, and an empty name, with field errors", async () => {
    const before = await api.db.select().from(userGroups);
    for (const body of [
      { name: "A", discountPercent: 101 },
      { name: "A", discountPercent: -1 },
      { name: "A", discountPercent: 2.5 },
      { name: "  ", discountPercent: 5 },
    ]) {
      const response = await api.call("POST", "/api/admin/groups", { token: moderator.token, body });
      expect(response.status).toBe(422);
      expect(Object.keys(response.json.errors)).toHaveLength(1);
    }
    expect(await api.db.select().from(userGroups)).toEqual(before);
  });
});
