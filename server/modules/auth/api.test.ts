import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { userGroups } from "../user-groups/tables.ts";
import { users } from "../users/tables.ts";
import { sessions } from "./tables.ts";
import { hashToken } from "./tokens.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("POST /api/auth/login", () => {
  it("documents the challenge of an attacked account as ALTCHA's, and its solution as `altcha`", async () => {
    const doc = (await api.call("GET", "/api/openapi.json")).json;
    const login = doc.paths["/auth/login"].post;
    const { schemas } = doc.components;
    expect(Object.keys(schemas.Credentials.properties)).toEqual(["email", "password", "altcha"]);
    expect(login.description).toContain("ALTCHA");
    expect(login.responses["428"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/LoginChallenge",
    );
    expect(schemas.LoginChallenge.properties.challenge.$ref).toBe("#/components/schemas/AltchaChallenge");
    expect(schemas.AltchaChallenge.required).toEqual(["parameters", "signature"]);
    expect(schemas.AltchaChallenge.properties.parameters.required).toEqual(
      expect.arrayContaining([
        "algorithm",
        "nonce",
        "salt",
        "cost",
        "keyLength",
        "keyPrefix",
        "expiresAt",
        "data",
      ]),
    );
  });

  it("issues an opaque token that is stored only as its hash, with an argon2id password hash", async () => {
    const { user, password } = await api.createUser({ email: "Sberatel@Example.cz" });
    const response = await api.call("POST", "/api/auth/login", {
      body: { email: "sberatel@example.CZ", password },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json)).toEqual(["token"]);
    const token = response.json.token as string;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await api.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.map((s) => s.tokenHash)).toContain(hashToken(token));
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
    expect(user.passwordHash.startsWith("$argon2id$")).toBe(true);
  });

  it("answers a wrong password and an unknown e-mail alike with errors.login and creates no session", async () => {
    const { user } = await api.createUser();
    const before = (await api.db.select().from(sessions)).length;
    const wrong = await api.call("POST", "/api/auth/login", {
      body: { email: user.email, password: "spatne-heslo" },
    });
    const unknown = await api.call("POST", "/api/auth/login", {
      body: { email: "nikdo@example.cz", password: "spatne-heslo" },
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(422);
      expect(response.json).toEqual({ errors: { login: ["Nesprávný e-mail nebo heslo."] } });
    }
    expect((await api.db.select().from(sessions)).length).toBe(before);
  });

  it("validates the fields in Czech, and English on request, creating no session", async () => {
    const before = (await api.db.select().from(sessions)).length;
    const missing = await api.call("POST", "/api/auth/login", { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.email).toEqual(["Pole musí být vyplněno"]);
    expect(missing.json.errors.password).toEqual(["Pole musí být vyplněno"]);

    const badEmail = await api.call("POST", "/api/auth/login", {
      body: { email: "not-an-email", password: 123 },
    });
    expect(badEmail.json.errors.email).toEqual(["Pole musí obsahovat platný email."]);
    expect(badEmail.json.errors.password).toBeDefined();

    const huge = await api.call("POST", "/api/auth/login", {
      body: { email: `${"a".repeat(300)}@example.cz`, password: "x" },
    });
    expect(huge.status).toBe(422);
    expect(huge.json.errors.email).toBeDefined();

    const english = await api.call("POST", "/api/auth/login?lang=en", { body: { email: "" } });
    expect(english.json.errors.password).toEqual(["This field is required"]);

    // A known account's e-mail with a password of the wrong type must not log anyone in either.
    const { user } = await api.createUser();
    const afterCreate = (await api.db.select().from(sessions)).length;
    const wrongType = await api.call("POST", "/api/auth/login", {
      body: { email: user.email, password: ["Spravne-Heslo-123"] },
    });
    expect(wrongType.status).toBe(422);
    expect(wrongType.json.errors.password).toBeDefined();
    // createUser logs in once; none of the refused calls added a session.
    expect(afterCreate).toBe(before + 1);
    expect((await api.db.select().from(sessions)).length).toBe(afterCreate);
  });

  it("refuses a body that is not JSON", async () => {
    const response = await api.call("POST", "/api/auth/login", { rawBody: "{email:" });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe("Požadavek neobsahuje platný JSON.");
  });

  it("rate-limits repeated failures for one account with 429 and Retry-After", async () => {
    const { user } = await api.createUser();
    let last = 0;
    let retryAfter: string | null = null;
    for (let i = 0; i < 11; i++) {
      const response = await api.call("POST", "/api/auth/login", {
        body: { email: user.email, password: `spatne-${i}` },
      });
      last = response.status;
      retryAfter = response.headers.get("retry-after");
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("refuses a blocked account", async () => {
    const { user, password } = await api.createUser();
    await api.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, user.id));
    const before = (await api.db.select().from(sessions)).length;
    const response = await api.call("POST", "/api/auth/login", { body: { email: user.email, password } });
    expect(response.status).toBe(422);
    expect((await api.db.select().from(sessions)).length).toBe(before);
  });
});

describe("GET /api/me", () => {
  it("returns { data: user } with the fields clients read", async () => {
    const [group] = await api.db
      .insert(userGroups)
      .values({ name: "Sběratel VIP", discountPercent: 10 })
      .returning();
    const { user, token } = await api.createUser({
      groupId: group.id,
      avatarFileName: "avatar.webp",
      scope: ["advertisement.add"],
    });
    const response = await api.call("GET", "/api/me", { token });
    expect(response.status).toBe(200);
    expect(response.json.data).toMatchObject({
      id: user.id,
      username: user.username,
      avatar_file_name: "avatar.webp",
      group: { id: group.id, name: "Sběratel VIP", discount: 10 },
      scope: ["advertisement.add"],
    });
    expect(JSON.stringify(response.json)).not.toContain("password");
  });

  it("answers 401 JSON without a token, with a bad token and with a malformed header", async () => {
    const variants: Record<string, string>[] = [
      {},
      { Authorization: "Bearer nonsense-token" },
      { Authorization: "Basic abc" },
    ];
    for (const headers of variants) {
      const response = await api.call("GET", "/api/me", { headers });
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ message: "Pro tuto akci se musíte přihlásit." });
    }
  });
});

describe("GET /api/auth/logout", () => {
  it("revokes exactly the token used and leaves other sessions alone", async () => {
    const { user, token, password } = await api.createUser();
    const second = await api.call("POST", "/api/auth/login", { body: { email: user.email, password } });
    const logout = await api.call("GET", "/api/auth/logout", { token });
    expect(logout.status).toBe(200);
    expect((await api.call("GET", "/api/me", { token })).status).toBe(401);
    expect((await api.call("GET", "/api/me", { token: second.json.token })).status).toBe(200);
  });

  it("succeeds without a token (the client ignores failures anyway)", async () => {
    expect((await api.call("GET", "/api/auth/logout")).status).toBe(200);
  });

  it("a GET with only the session cookie (a link or image on another site) does not end the session", async () => {
    const { token } = await api.createUser();
    const cookie = { Cookie: `auth._token=${token}` };
    const logout = await api.call("GET", "/api/auth/logout", {
      headers: { ...cookie, "Sec-Fetch-Site": "cross-site" },
    });
    expect(logout.status).toBe(405);
    expect(logout.headers.get("allow")).toBe("POST");
    expect(logout.json.message).toBe("Odhlášení přihlášení v prohlížeči se odesílá metodou POST.");
    expect((await api.call("GET", "/api/me", { headers: cookie })).status).toBe(200);
  });

  it("a same-origin POST ends the cookie session; a cross-origin POST is refused and changes nothing", async () => {
    const { token } = await api.createUser();
    const cookie = { Cookie: `auth._token=${token}` };
    const crossSite = await api.call("POST", "/api/auth/logout", {
      headers: { ...cookie, Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect((await api.call("GET", "/api/me", { headers: cookie })).status).toBe(200);

    const sameOrigin = await api.call("POST", "/api/auth/logout", {
      headers: { ...cookie, Origin: new URL(api.config.publicUrl).origin },
    });
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.json).toEqual({ success: true });
    expect(sameOrigin.headers.get("set-cookie")).toMatch(/auth\._token=;.*Max-Age=0/i);
    expect((await api.call("GET", "/api/me", { headers: cookie })).status).toBe(401);
  });

  it("a POST with a Bearer token ends that token, like the GET", async () => {
    const { token } = await api.createUser();
    expect((await api.call("POST", "/api/auth/logout", { token })).status).toBe(200);
    expect((await api.call("GET", "/api/me", { token })).status).toBe(401);
  });

  it("an expired session is no longer accepted", async () => {
    const { token } = await api.createUser();
    await api.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await api.call("GET", "/api/me", { token })).status).toBe(401);
  });
});
