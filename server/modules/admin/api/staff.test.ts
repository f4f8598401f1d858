import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

describe("the staff and the audit log over /api/admin", () => {
  it("the owner makes a user a moderator with an extra scope, audited and found in the log", async () => {
    const owner = await api.createUser({ role: "admin", username: "majitelka" });
    const { user } = await api.createUser({ scope: ["advertisement.add"] });
    const saved = await api.call("PUT", `/api/admin/staff/${user.id}`, {
      token: owner.token,
      body: { role: "moderator", scopes: ["content"] },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ id: user.id, role: "moderator", scope: ["advertisement.add", "content"] });

    const staff = await api.call("GET", "/api/admin/staff", { token: owner.token });
    expect(staff.json.data.find((m: { id: number }) => m.id === user.id)).toMatchObject({
      role: "moderator",
      extra_scopes: ["content"],
      scope: expect.arrayContaining(["moderation", "users", "content", "advertisement.add"]),
      second_factor: false,
    });

    const log = await api.call("GET", `/api/admin/audit?action=staff.update&actor=${owner.user.id}`, {
      token: owner.token,
    });
    expect(log.status).toBe(200);
    expect(log.json.total).toBe(1);
    expect(log.json.rows[0]).toMatchObject({
      actor_name: "majitelka",
      entity: "user",
      entity_id: String(user.id),
      before: { role: "user", scope: ["advertisement.add"] },
      after: { role: "moderator", scope: ["advertisement.add", "content"] },
    });
    const searched = await api.call("GET", `/api/admin/audit?q=${encodeURIComponent("moderator")}`, {
      token: owner.token,
    });
    expect(searched.json.rows.map((row: { action: string }) => row.action)).toContain("staff.update");
    const future = await api.call("GET", "/api/admin/audit?from=2999-01-01", { token: owner.token });
    expect(future.json.total).toBe(0);

    // Taking the staff role away keeps the client permission and drops the back-office scope.
    const removed = await api.call("PUT", `/api/admin/staff/${user.id}`, {
      token: owner.token,
      body: { role: "user", scopes: ["content"] },
    });
    expect(removed.json).toEqual({ id: user.id, role: "user", scope: ["advertisement.add"] });
  });

  it("the last owner keeps the owner role; only an owner gives or takes it", async () => {
    const first = await api.createUser({ role: "admin" });
    const others = (await api.call("GET", "/api/admin/staff", { token: first.token })).json.data.filter(
      (m: { role: string; id: number }) => m.role === "admin" && m.id !== first.user.id,
    );
    // Every other owner of this database steps down, so `first` is the last.
    for (const other of others)
      await api.call("PUT", `/api/admin/staff/${other.id}`, { token: first.token, body: { role: "user" } });
    const last = await api.call("PUT", `/api/admin/staff/${first.user.id}`, {
      token: first.token,
      body: { role: "moderator" },
    });
    expect(last.status).toBe(409);

    const delegate = await api.createUser({ role: "moderator", scope: ["staff"] });
    const { user } = await api.createUser();
    const promote = await api.call("PUT", `/api/admin/staff/${user.id}`, {
      token: delegate.token,
      body: { role: "admin" },
    });
    expect(promote.status).toBe(403);
    expect(
      (
        await api.call("PUT", `/api/admin/staff/${first.user.id}`, {
          token: delegate.token,
          body: { role: "user" },
        })
      ).status,
    ).toBe(403);
    // A member with the staff scope may still make an editor.
    const editor = await api.call("PUT", `/api/admin/staff/${user.id}`, {
      token: delegate.token,
      body: { role: "editor" },
    });
    expect(editor.status).toBe(200);
    expect(
      (await api.call("PUT", "/api/admin/staff/999999", { token: first.token, body: { role: "editor" } }))
        .status,
    ).toBe(404);
  });

  it("an owner resets a member's second factor; a member without one answers 404", async () => {
    const owner = await api.createUser({ role: "admin" });
    const member = await api.createUser({ role: "editor" });
    await api.services.secondFactor.startSetup(member.user.id, member.user.email);
    const reset = await api.call("DELETE", `/api/admin/staff/${member.user.id}/second-factor`, {
      token: owner.token,
    });
    expect(reset.status).toBe(200);
    const again = await api.call("DELETE", `/api/admin/staff/${member.user.id}/second-factor`, {
      token: owner.token,
    });
    expect(again.status).toBe(404);
    const log = await api.call("GET", "/api/admin/audit?action=secondFactor.reset", { token: owner.token });
    expect(log.json.rows[0]).toMatchObject({ entity_id: String(member.user.id), actor_id: owner.user.id });
  });
});
