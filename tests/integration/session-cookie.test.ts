import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearedSessionCookie, sessionCookie } from "#app/auth.server.ts";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "#core/web/session-cookie.ts";
import { createHttpApp } from "#server/http/app.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

describe("session cookie", () => {
  it("is __Host-auth._token over https: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax", () => {
    const set = sessionCookie("abc", "https://rarita.example");
    expect(set).toBe(`${SECURE_SESSION_COOKIE}=abc; Path=/; Max-Age=2592000; HttpOnly; Secure; SameSite=Lax`);
    expect(SECURE_SESSION_COOKIE).toBe("__Host-auth._token");
    expect(set).not.toMatch(/Domain=/i);
    expect(clearedSessionCookie("https://rarita.example")).toBe(
      `${SECURE_SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`,
    );
  });

  it("keeps the plain name without Secure over http (development, browser tests)", () => {
    expect(sessionCookie("abc", "http://localhost:3000")).toBe(
      `${SESSION_COOKIE}=abc; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`,
    );
  });

  it("is read under the name the origin uses; over https a plain-named cookie is ignored", async () => {
    const { token } = await api.createUser();
    const secureApp = createHttpApp({
      config: { ...api.config, publicUrl: "https://rarita.example" },
      logger: api.services.logger,
      services: api.services,
    });
    const me = (app: typeof secureApp, cookie: string) =>
      app.request("/api/me", { headers: { Cookie: cookie, Accept: "application/json" } });
    expect((await me(secureApp, `${SECURE_SESSION_COOKIE}=${token}`)).status).toBe(200);
    expect((await me(secureApp, `${SESSION_COOKIE}=${token}`)).status).toBe(401);
    expect((await me(api.app, `${SESSION_COOKIE}=${token}`)).status).toBe(200);
  });
});
