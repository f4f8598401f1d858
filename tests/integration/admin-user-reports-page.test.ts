import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "#app/context.ts";
import { loader } from "#app/routes/admin/users/user.tsx";
import { effectiveScopes, type UserRole } from "#core/rules/staff.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";

/**
 * A user's page in the back office (docs/product/back-office.md, "Users"): staff who may moderate
 * see the reports about the user and their content, the ones the user filed and the decisions (read
 * through moderation's service); staff with the `users` scope alone see none of moderation's records.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

function context(user: { id: number; role: string }, granted: string[] = []) {
  const provider = new RouterContextProvider();
  provider.set(appContext, {
    services: api.services,
    user: { ...user, scope: effectiveScopes(user.role as UserRole, granted) },
    locale: "cs",
    secondFactorDone: true,
    clientIp: "127.0.0.1",
  } as never);
  return provider;
}

type Page = {
  moderation: {
    reports: { about: { total: number; rows: { id: number; target: string }[] }; filed: { total: number } };
    decisions: { total: number };
  } | null;
};

describe("the user's page and moderation's records", () => {
  it("lists the reports for a moderator and hides them from staff with the users scope only", async () => {
    const { user: moderator } = await api.createUser({ role: "moderator" });
    const { user: editor } = await api.createUser({ role: "editor" });
    const { user: account } = await api.createUser();
    const reporter = await api.createUser();
    const filed = await api.call("POST", "/api/reports", {
      token: reporter.token,
      body: {
        target: "user",
        targetId: account.id,
        reason: "fraud",
        explanation: "Chce platbu předem a nic nepošle.",
      },
    });
    expect(filed.status).toBe(201);
    const params = { id: String(account.id) };

    const seen = (await loader({ params, context: context(moderator) } as never)) as Page;
    expect(seen.moderation?.reports.about).toMatchObject({
      total: 1,
      rows: [{ id: filed.json.id, target: "user" }],
    });
    expect(seen.moderation?.reports.filed.total).toBe(0);
    expect(seen.moderation?.decisions.total).toBe(0);

    const reporters = (await loader({
      params: { id: String(reporter.user.id) },
      context: context(moderator),
    } as never)) as Page;
    expect(reporters.moderation?.reports.filed.total).toBe(1);

    const usersOnly = (await loader({ params, context: context(editor, ["users"]) } as never)) as Page;
    expect(usersOnly.moderation).toBeNull();
  });
});
