import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { auditLog } from "../../admin/tables.ts";
import { userGroups } from "../../user-groups/tables.ts";
import { users } from "../tables.ts";

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

describe("GET /api/admin/users", () => {
  it("finds an account by e-mail, username, name, phone and id, and filters and sorts", async () => {
    const { user } = await api.createUser({
      email: "hledany.sberatel@example.cz",
      username: "SberatelDoutniku",
      firstname: "Bohumil",
      lastname: "Hrabal",
      phonePrefix: "+420",
      phone: "777123456",
    });
    const ids = async (query: string) => {
      const response = await api.call("GET", `/api/admin/users?${query}`, { token: moderator.token });
      expect(response.status).toBe(200);
      return (response.json.rows as { id: number }[]).map((row) => row.id);
    };
    expect(await ids("q=hledany.sberatel")).toEqual([user.id]);
    expect(await ids("q=sberateldoutn")).toEqual([user.id]);
    expect(await ids("q=Bohumil%20Hrabal")).toEqual([user.id]);
    expect(await ids("q=777%20123")).toEqual([user.id]);
    expect(await ids(`q=${user.id}`)).toContain(user.id);
    expect(await ids("q=100%25")).toEqual([]);
    expect(await ids("role=moderator")).toEqual([moderator.user.id]);
    expect(await ids("q=hledany&verified=yes")).toEqual([]);
    expect(await ids("q=hledany&verified=no&state=active&group=none")).toEqual([user.id]);

    // The latest login first, accounts that never signed in last.
    await api.db.update(users).set({ lastLoginAt: null }).where(eq(users.id, moderator.user.id));
    await api.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    const byLogin = await ids("sort=lastLoginAt&dir=desc&size=100");
    expect(byLogin[0]).toBe(user.id);
    expect(byLogin.at(-1)).toBe(moderator.user.id);
    const byRegistration = await ids("sort=createdAt&dir=asc&size=100");
    expect(byRegistration.indexOf(moderator.user.id)).toBeLessThan(byRegistration.indexOf(user.id));
  });

  it("filters blocked accounts and accounts suspended now, and shows the restriction on the user", async () => {
    // Restricted accounts cannot sign in, so the restrictions are laid down after the sign-up.
    const blocked = await api.createUser({ username: "stavblokovany" });
    const suspended = await api.createUser({ username: "stavpozastaveny" });
    const lapsed = await api.createUser({ username: "stavdrivepozastaveny" });
    const restrict = (id: number, values: Partial<typeof users.$inferInsert>) =>
      api.db.update(users).set(values).where(eq(users.id, id));
    await restrict(blocked.user.id, { blockedAt: new Date(), blockedReason: "podvod" });
    await restrict(suspended.user.id, { suspendedUntil: new Date(Date.now() + 86_400_000) });
    await restrict(lapsed.user.id, { suspendedUntil: new Date(Date.now() - 1000) });
    const ids = async (state: string) =>
      (
        (await api.call("GET", `/api/admin/users?q=stav&state=${state}`, { token: moderator.token })).json
          .rows as { id: number }[]
      ).map((row) => row.id);
    expect(await ids("blocked")).toEqual([blocked.user.id]);
    expect(await ids("suspended")).toEqual([suspended.user.id]);
    expect(await ids("active")).toEqual([lapsed.user.id]);
    const detail = await api.call("GET", `/api/admin/users/${suspended.user.id}`, { token: moderator.token });
    expect(detail.json.user.suspendedUntil).toEqual(expect.any(String));
    const old = await api.call("GET", `/api/admin/users/${lapsed.user.id}`, { token: moderator.token });
    expect(old.json.user.suspendedUntil).toBeNull();
  });

  it("answers a page with its total and size, and ignores filters it does not know", async () => {
    const response = await api.call("GET", "/api/admin/users?size=25&page=1&role=pope&state=gone", {
      token: moderator.token,
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ page: 1, size: 25 });
    expect(response.json.total).toBeGreaterThanOrEqual(response.json.rows.length);
  });
});

describe("a user's group and verification", () => {
  it("assigns a group with before and after in the audit log, and refuses an unknown group", async () => {
    const [group] = await api.db.insert(userGroups).values({ name: "VIP", discountPercent: 5 }).returning();
    const { user } = await api.createUser();
    const url = `/api/admin/users/${user.id}/group`;
    expect(
      (await api.call("PUT", url, { token: moderator.token, body: { groupId: group.id } })).json,
    ).toEqual({
      groupId: group.id,
    });
    const [entry] = await auditOf("user.group", String(user.id));
    expect(entry.data).toEqual({ before: { groupId: null }, after: { groupId: group.id } });
    const unknown = await api.call("PUT", url, { token: moderator.token, body: { groupId: 999_999 } });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors.groupId).toHaveLength(1);
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.groupId).toBe(group.id);
    const detail = await api.call("GET", `/api/admin/users/${user.id}`, { token: moderator.token });
    expect(detail.json.user.group).toEqual({ id: group.id, name: "VIP", discountPercent: 5 });
    expect(detail.json.activity).toMatchObject({ listings: { total: 0 }, bids: { total: 0 }, sessions: 1 });
  });

  it("verifies and unverifies with the reason audited; a reason is required", async () => {
    const { user } = await api.createUser();
    const url = `/api/admin/users/${user.id}/verification`;
    const missing = await api.call("PUT", url, { token: moderator.token, body: { verified: true } });
    expect(missing.status).toBe(422);
    const verified = await api.call("PUT", url, {
      token: moderator.token,
      body: { verified: true, reason: "Doložil občanský průkaz" },
    });
    expect(verified.status).toBe(200);
    expect(verified.json.verifiedAt).toEqual(expect.any(String));
    const [entry] = await auditOf("user.verify", String(user.id));
    expect(entry.data).toMatchObject({
      before: { verifiedAt: null },
      after: { verifiedAt: verified.json.verifiedAt },
      reason: "Doložil občanský průkaz",
    });
    await api.call("PUT", url, { token: moderator.token, body: { verified: false, reason: "Omyl" } });
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.verifiedAt).toBeNull();
    expect(await auditOf("user.unverify", String(user.id))).toHaveLength(1);
  });
});

describe("GDPR export and erasure", () => {
  it("downloads the user's export for the operator, audited", async () => {
    const { user } = await api.createUser({ username: "exportovany" });
    const response = await api.call("GET", `/api/admin/users/${user.id}/export`, { token: moderator.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(`rarita-user-${user.id}-`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.json.profile).toMatchObject({ id: user.id, username: "exportovany", email: user.email });
    expect(response.json).toHaveProperty("addresses");
    expect(response.json).toHaveProperty("bids");
    expect(response.json).toHaveProperty("orders");
    const [entry] = await auditOf("user.export", String(user.id));
    expect(entry.actorId).toBe(moderator.user.id);
  });

  it("erases an account after its username is typed, with the operator in the audit log", async () => {
    const { user } = await api.createUser({ username: "SmazatMe" });
    const url = `/api/admin/users/${user.id}/erasure`;
    const wrong = await api.call("POST", url, { token: moderator.token, body: { username: "jiny" } });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.username).toHaveLength(1);
    expect((await api.db.select().from(users).where(eq(users.id, user.id)))[0].deletedAt).toBeNull();

    const done = await api.call("POST", url, { token: moderator.token, body: { username: "smazatme" } });
    expect(done.status).toBe(200);
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.deletedAt).not.toBeNull();
    expect(row.email).not.toBe(user.email);
    const [entry] = await auditOf("user.delete", String(user.id));
    expect(entry).toMatchObject({
      actorId: moderator.user.id,
      data: { before: { email: user.email, username: "SmazatMe" } },
    });
    expect(
      (await api.call("POST", url, { token: moderator.token, body: { username: row.username } })).status,
    ).toBe(404);
  });

  it("refuses to erase a staff account", async () => {
    const { user } = await api.createUser({ role: "editor", username: "redaktorka" });
    const response = await api.call("POST", `/api/admin/users/${user.id}/erasure`, {
      token: moderator.token,
      body: { username: "redaktorka" },
    });
    expect(response.status).toBe(409);
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ deletedAt: null, email: user.email, role: "editor" });
    expect(await auditOf("user.delete", String(user.id))).toEqual([]);
  });
});

describe("who may", () => {
  it("refuses guests, plain users, staff without the users scope and without the second factor, changing nothing", async () => {
    const { user: target } = await api.createUser({ username: "nedotknutelny" });
    const [group] = await api.db
      .insert(userGroups)
      .values({ name: "Nesahat", discountPercent: 1 })
      .returning();
    const plain = await api.createUser();
    const editor = await api.createUser({ role: "editor" });
    const noFactor = await api.createUser({ role: "moderator" }, undefined, { secondFactor: false });
    const usersBefore = await api.db.select().from(users).where(eq(users.id, target.id));
    const groupsBefore = await api.db.select().from(userGroups);
    const auditBefore = await api.db.select().from(auditLog);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/users"],
      ["GET", `/api/admin/users/${target.id}`],
      ["PUT", `/api/admin/users/${target.id}/group`, { groupId: group.id }],
      ["PUT", `/api/admin/users/${target.id}/verification`, { verified: true, reason: "x" }],
      ["GET", `/api/admin/users/${target.id}/export`],
      ["POST", `/api/admin/users/${target.id}/erasure`, { username: "nedotknutelny" }],
      ["GET", "/api/admin/groups"],
      ["POST", "/api/admin/groups", { name: "X", discountPercent: 1 }],
      ["PUT", `/api/admin/groups/${group.id}`, { name: "X", discountPercent: 1 }],
      ["DELETE", `/api/admin/groups/${group.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await api.call(method, url, { body })).status, `${method} ${url}`).toBe(401);
      for (const who of [plain, editor, noFactor]) {
        expect((await api.call(method, url, { token: who.token, body })).status, `${method} ${url}`).toBe(
          403,
        );
      }
    }
    expect(await api.db.select().from(users).where(eq(users.id, target.id))).toEqual(usersBefore);
    expect(await api.db.select().from(userGroups)).toEqual(groupsBefore);
    expect(await api.db.select().from(auditLog)).toEqual(auditBefore);
  });
});
