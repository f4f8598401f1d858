import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "#app/context.ts";
import { action, loader } from "#app/routes/admin/moderation/user-restriction.tsx";
import { effectiveScopes } from "#core/rules/staff.ts";
import { messages } from "#server/modules/messages/tables.ts";
import { users } from "#server/modules/users/tables.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";

/**
 * Restricting an account from its own page, without a report (docs/product/back-office.md,
 * "Moderation"): the moderator sees the user's history and suspends the account with a statement
 * of reasons; the account is suspended, the decision kept and the statement mailed.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

function context(user: { id: number; role: string }, secondFactorDone = true) {
  const provider = new RouterContextProvider();
  const authUser = { ...user, scope: effectiveScopes(user.role as never, []) };
  provider.set(appContext, {
    services: api.services,
    user: authUser,
    locale: "cs",
    secondFactorDone,
    clientIp: "127.0.0.1",
  } as never);
  return provider;
}

async function outcome(promise: Promise<unknown>) {
  try {
    return { value: await promise, thrown: null };
  } catch (error) {
    return { value: null, thrown: error as Response | { init?: { status?: number } } };
  }
}

describe("the user restriction page", () => {
  it("a moderator suspends an account with a statement of reasons and the mail goes out", async () => {
    const { user: moderator } = await api.createUser({ role: "moderator" });
    const { user: account } = await api.createUser();
    const params = { id: String(account.id) };
    const page = (await loader({ params, context: context(moderator) } as never)) as {
      history: { account: { username: string } | null };
    };
    expect(page.history.account?.username).toBe(account.username);

    const until = new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "decide",
      action: "suspend_account",
      target: "user",
      targetId: String(account.id),
      ground: "own_initiative",
      facts: "Opakovaně urážel prodávající ve zprávách.",
      reasons: "Podmínky zakazují urážlivé chování.",
      termsSection: "conduct",
      suspendedUntil: until,
    }))
      form.set(name, value);
    const request = new Request(`http://x/admin/moderace/uzivatel/${account.id}`, {
      method: "POST",
      body: form,
    });
    const done = await outcome(action({ request, params, context: context(moderator) } as never));
    const redirect = done.thrown as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toMatch(/^\/admin\/moderace\/rozhodnuti\/\d+$/);

    const [row] = await api.db.select().from(users).where(eq(users.id, account.id));
    expect(row?.suspendedUntil?.toISOString().slice(0, 10)).toBe(until);
    api.sentMail.length = 0;
    await api.deliverMail();
    expect(
      api.sentMail.some((mail) => mail.to === account.email && mail.subject.includes("Účet pozastaven")),
    ).toBe(true);
    const decisions = await api.services.moderation.decisions(
      { limit: 5, offset: 0 },
      { userId: account.id },
    );
    expect(decisions.rows[0]).toMatchObject({ action: "suspend_account", ground: "own_initiative" });
    // The suspension is also a system message (the statement mail stays the only mail).
    const [notice] = await api.db.select().from(messages).where(eq(messages.event, "account_restricted"));
    expect(notice?.body).toMatch(/^Váš účet je pozastaven do \d+\. \S+ \d{4}\. Důvody: Podmínky zakazují/);
    expect(notice?.payload?.href).toEqual({
      cs: `/ucet/rozhodnuti/${decisions.rows[0]!.id}`,
      en: `/en/account/decisions/${decisions.rows[0]!.id}`,
    });
    expect(api.sentMail.filter((mail) => mail.to === account.email)).toHaveLength(1);
  });

  it("refuses staff without the moderation scope, and a statement without reasons", async () => {
    const { user: editor } = await api.createUser({ role: "editor" });
    const { user: moderator } = await api.createUser({ role: "moderator" });
    const { user: account } = await api.createUser();
    const params = { id: String(account.id) };
    const refused = await outcome(loader({ params, context: context(editor) } as never));
    expect((refused.thrown as { init?: { status?: number } })?.init?.status).toBe(403);

    const form = new FormData();
    form.set("action", "block_account");
    form.set("target", "user");
    form.set("targetId", String(account.id));
    const request = new Request("http://x/", { method: "POST", body: form });
    const invalid = await outcome(action({ request, params, context: context(moderator) } as never));
    expect((invalid.value as { init?: { status?: number } })?.init?.status).toBe(422);
    const [row] = await api.db.select().from(users).where(eq(users.id, account.id));
    expect(row?.blockedAt).toBeNull();
  });

  it("a block is a system message of its own variant", async () => {
    const { user: moderator } = await api.createUser({ role: "moderator" });
    const { user: account } = await api.createUser();
    const made = await api.services.moderation.decide(
      { id: moderator.id, locale: "cs" },
      {
        action: "block_account",
        target: "user",
        targetId: account.id,
        ground: "own_initiative",
        facts: "Účet prodával padělky pod falešnou identitou.",
        reasons: "Podmínky zakazují podvodné jednání.",
        termsSection: "fair_dealing",
      },
    );
    expect(made.ok).toBe(true);
    const notices = await api.db.select().from(messages).where(eq(messages.event, "account_restricted"));
    expect(notices.map((notice) => notice.body)).toContain(
      "Váš účet je zablokován. Důvody: Podmínky zakazují podvodné jednání. Odůvodnění a možnost podat stížnost najdete v odkazu.",
    );
  });

  it("lifts a running restriction early from the page, which offers it only then", async () => {
    const { user: moderator } = await api.createUser({ role: "moderator" });
    const { user: account } = await api.createUser();
    const params = { id: String(account.id) };
    type Page = { actions: string[] };
    const before = (await loader({ params, context: context(moderator) } as never)) as Page;
    expect(before.actions).toEqual(["suspend_account", "block_account"]);
    const made = await api.services.moderation.decide(
      { id: moderator.id, locale: "cs" },
      {
        action: "block_account",
        target: "user",
        targetId: account.id,
        ground: "own_initiative",
        facts: "Účet rozesílal nevyžádané nabídky.",
        reasons: "Podmínky zakazují spam.",
        termsSection: "conduct",
      },
    );
    expect(made.ok).toBe(true);
    const blocked = (await loader({ params, context: context(moderator) } as never)) as Page;
    expect(blocked.actions).toContain("lift_restriction");

    const form = new FormData();
    for (const [name, value] of Object.entries({
      action: "lift_restriction",
      target: "user",
      targetId: String(account.id),
      ground: "own_initiative",
      reasons: "Uživatel slíbil nápravu.",
    }))
      form.set(name, value);
    const request = new Request("http://x/", { method: "POST", body: form });
    const done = await outcome(action({ request, params, context: context(moderator) } as never));
    expect((done.thrown as Response).status).toBe(302);
    const [row] = await api.db.select().from(users).where(eq(users.id, account.id));
    expect(row).toMatchObject({ blockedAt: null, suspendedUntil: null });
    // Nothing left to lift: refused.
    const again = await api.services.moderation.decide(
      { id: moderator.id, locale: "cs" },
      { action: "lift_restriction", target: "user", targetId: account.id, ground: "own_initiative" },
    );
    expect(again).toMatchObject({ ok: false, code: "conflict" });
  });
});
