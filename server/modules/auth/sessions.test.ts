import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "#core/web/session-cookie.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { sessions } from "./tables.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** A second login of the same account from another device. */
async function loginAgain(email: string, password: string, userAgent: string) {
  const response = await api.call("POST", "/api/auth/login", {
    body: { email, password },
    headers: { "User-Agent": userAgent },
  });
  return response.json.token as string;
}

describe("GET /api/me/sessions", () => {
  it("lists the caller's live sessions with device, address and last use, the current one first and marked", async () => {
    const { user, token, password } = await api.createUser();
    const phone = await loginAgain(user.email, password, IPHONE);
    const firefox = await loginAgain(user.email, password, FIREFOX);
    // Another account's session never shows.
    await api.createUser();

    const response = await api.call("GET", "/api/me/sessions", { token: firefox });
    expect(response.status).toBe(200);
    const list = response.json.data as {
      id: number;
      device: object;
      current: boolean;
      last_used_at: string;
    }[];
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({
      current: true,
      device: { browser: "Firefox", os: "Windows", kind: "desktop" },
    });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.device)).toContainEqual({ browser: "Safari", os: "iOS", kind: "mobile" });
    expect(typeof list[0].last_used_at).toBe("string");

    // Logging out ends a session: it leaves the list.
    await api.call("GET", "/api/auth/logout", { token: phone });
    expect((await api.call("GET", "/api/me/sessions", { token })).json.data).toHaveLength(2);
  });

  it("answers 401 without a session", async () => {
    expect((await api.call("GET", "/api/me/sessions")).status).toBe(401);
  });
});

describe("DELETE /api/me/sessions/{id}", () => {
  it("ends the caller's own session, which stops working at once", async () => {
    const { user, token, password } = await api.createUser();
    const other = await loginAgain(user.email, password, IPHONE);
    const list = (await api.call("GET", "/api/me/sessions", { token })).json.data as {
      id: number;
      current: boolean;
    }[];
    const target = list.find((s) => !s.current)!;
    const response = await api.call("DELETE", `/api/me/sessions/${target.id}`, { token });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true });
    expect((await api.call("GET", "/api/me", { token: other })).status).toBe(401);
    expect((await api.call("GET", "/api/me", { token })).status).toBe(200);
    // Ending it again: it is no longer there.
    expect((await api.call("DELETE", `/api/me/sessions/${target.id}`, { token })).status).toBe(404);
  });

  it("answers 404 for another user's session and changes nothing", async () => {
    const victim = await api.createUser();
    const [victimSession] = await api.db.select().from(sessions).where(eq(sessions.userId, victim.user.id));
    const attacker = await api.createUser();
    const response = await api.call("DELETE", `/api/me/sessions/${victimSession.id}`, {
      token: attacker.token,
    });
    expect(response.status).toBe(404);
    expect(response.json.message).toBe("Takové přihlášení u vašeho účtu není.");
    const [after] = await api.db.select().from(sessions).where(eq(sessions.id, victimSession.id));
    expect(after.revokedAt).toBeNull();
    expect((await api.call("GET", "/api/me", { token: victim.token })).status).toBe(200);
    expect((await api.call("DELETE", "/api/me/sessions/abc", { token: attacker.token })).status).toBe(422);
  });

  it("ends all other sessions of the caller and keeps the current one and other accounts' sessions", async () => {
    const { user, token, password } = await api.createUser();
    const a = await loginAgain(user.email, password, IPHONE);
    const b = await loginAgain(user.email, password, FIREFOX);
    const bystander = await api.createUser();
    const response = await api.call("DELETE", "/api/me/sessions", { token });
    expect(response.json).toEqual({ revoked: 2 });
    for (const ended of [a, b]) expect((await api.call("GET", "/api/me", { token: ended })).status).toBe(401);
    expect((await api.call("GET", "/api/me", { token })).status).toBe(200);
    expect((await api.call("GET", "/api/me", { token: bystander.token })).status).toBe(200);
  });
});

describe("CSRF on cookie-authenticated account security actions", () => {
  it("refuses a cross-site revoke made with the session cookie, and nothing changes", async () => {
    const { user, token, password } = await api.createUser();
    await loginAgain(user.email, password, IPHONE);
    const list = (await api.call("GET", "/api/me/sessions", { token })).json.data as {
      id: number;
      current: boolean;
    }[];
    const target = list.find((s) => !s.current)!;
    const cookie = `${SESSION_COOKIE}=${token}`;
    const crossSite: Record<string, string>[] = [
      { Cookie: cookie, Origin: "https://evil.example" },
      { Cookie: cookie, "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of crossSite) {
      for (const [method, url] of [
        ["DELETE", `/api/me/sessions/${target.id}`],
        ["DELETE", "/api/me/sessions"],
        ["POST", "/api/me/verification/code"],
        ["POST", "/api/me/verification/check"],
        // The account pages' own form posts (React Router actions) go through the same check.
        ["POST", "/ucet/prihlasena-zarizeni"],
        ["POST", "/ucet/overeny-ucet"],
        ["POST", "/ucet/newslettery"],
      ]) {
        const response = await api.app.request(url, { method, headers });
        expect(response.status, `${method} ${url}`).toBe(403);
      }
    }
    const [row] = await api.db.select().from(sessions).where(eq(sessions.id, target.id));
    expect(row.revokedAt).toBeNull();
    // The same request from the site itself goes through.
    const own = await api.app.request(`/api/me/sessions/${target.id}`, {
      method: "DELETE",
      headers: { Cookie: cookie, Origin: api.config.publicUrl },
    });
    expect(own.status).toBe(200);
  });
});
