import { eq } from "drizzle-orm";
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { err, ok } from "#core/result.ts";
import { auditLog } from "#server/db/schema.ts";
import { recordAudit } from "#server/modules/admin/index.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { createSecondFactorService, SECOND_FACTOR } from "./second-factor.ts";
import { staffSecondFactors } from "./tables.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const codeAt = (secret: string, at: Date) => new TOTP({ secret }).generate({ timestamp: at.getTime() });

/** A service on a clock the test moves, and a staff member with a confirmed factor. */
async function staffWithFactor(start = new Date("2026-11-23T10:00:05Z")) {
  const clock = { now: start };
  const service = createSecondFactorService(api.db, { audit: recordAudit, now: () => clock.now });
  const { user } = await api.createUser({ role: "moderator" });
  const setup = (await service.startSetup(user.id, user.email))!;
  expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Rarita:/);
  const recovery = (await service.confirmSetup(user.id, codeAt(setup.secret, clock.now)))!;
  expect(recovery).toHaveLength(10);
  // The next sign-in comes a minute later (the set up's code is used up).
  clock.now = new Date(start.getTime() + 60_000);
  return { service, clock, user, secret: setup.secret, recovery };
}

describe("the staff's second factor", () => {
  it("accepts the right code once, refuses a wrong one and a replayed one", async () => {
    const { service, clock, user, secret } = await staffWithFactor();
    expect(await service.verify(user.id, "000000")).toEqual(err("invalid"));
    const code = codeAt(secret, clock.now);
    expect(await service.verify(user.id, code)).toEqual(ok({ method: "totp", recoveryCodesLeft: 10 }));
    // The same code again, and the previous step's code (still inside the drift window): replays.
    expect(await service.verify(user.id, code)).toEqual(err("replayed"));
    expect(await service.verify(user.id, codeAt(secret, new Date(clock.now.getTime() - 30_000)))).toEqual(
      err("replayed"),
    );
    // One step of drift ahead is accepted, two are not.
    expect(
      await service.verify(user.id, codeAt(secret, new Date(clock.now.getTime() + 30_000))),
    ).toMatchObject({
      ok: true,
    });
    expect(await service.verify(user.id, codeAt(secret, new Date(clock.now.getTime() + 90_000)))).toEqual(
      err("invalid"),
    );
  });

  it("takes each recovery code once, in any case and with spaces", async () => {
    const { service, user, recovery } = await staffWithFactor();
    expect(recovery[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(recovery).size).toBe(10);
    const typed = ` ${recovery[0].toUpperCase().replace("-", " ")} `;
    expect(await service.verify(user.id, typed)).toEqual(ok({ method: "recovery", recoveryCodesLeft: 9 }));
    expect(await service.verify(user.id, recovery[0])).toEqual(err("invalid"));
    expect((await service.state(user.id)).recoveryCodesLeft).toBe(9);
    const audited = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(audited.map((entry) => entry.action)).toEqual([
      "secondFactor.enable",
      "secondFactor.recoveryCode",
    ]);
  });

  it("locks after 5 wrong codes for 15 minutes, audited, and lets the right code in after", async () => {
    const { service, clock, user, secret } = await staffWithFactor();
    for (let i = 1; i < SECOND_FACTOR.maxFailures; i++)
      expect(await service.verify(user.id, "111111")).toEqual(err("invalid"));
    const locked = await service.verify(user.id, "wrong-recovery");
    expect(locked).toMatchObject({ ok: false, code: "locked" });
    const until = new Date(clock.now.getTime() + 15 * 60_000);
    expect(!locked.ok && locked.code === "locked" && locked.details.lockedUntil).toEqual(until);
    // Even the right code waits for the lock to end.
    clock.now = new Date(clock.now.getTime() + 14 * 60_000);
    expect(await service.verify(user.id, codeAt(secret, clock.now))).toMatchObject({ code: "locked" });
    expect((await service.state(user.id)).lockedUntil).toEqual(until);
    clock.now = new Date(until.getTime() + 1000);
    expect(await service.verify(user.id, codeAt(secret, clock.now))).toMatchObject({ ok: true });
    const [factor] = await api.db
      .select()
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.userId, user.id));
    expect(factor).toMatchObject({ failedAttempts: 0, lockedUntil: null });
    const audited = await api.db.select().from(auditLog).where(eq(auditLog.action, "secondFactor.lock"));
    expect(audited.map((entry) => entry.entityId)).toContain(String(user.id));
  });

  it("the owner's reset removes the factor and its codes, audited; the member sets it up again", async () => {
    const { service, user } = await staffWithFactor();
    expect(await service.reset(user.id, { id: 1, ip: "192.0.2.1" })).toBe(true);
    expect(await service.state(user.id)).toEqual({ state: "none", lockedUntil: null, recoveryCodesLeft: 0 });
    expect(await service.verify(user.id, "123456")).toEqual(err("none"));
    expect(await service.reset(user.id, { id: 1, ip: null })).toBe(false);
  });
});

describe("the second factor over the API", () => {
  it("a staff Bearer client sets it up, then a new session passes it before /api/admin answers", async () => {
    const { user, token, password } = await api.createUser({ role: "admin" }, undefined, {
      secondFactor: false,
    });
    const adminCall = (bearer: string) =>
      api.call("PUT", "/api/admin/settings/no-such-setting", { token: bearer, body: {} });
    expect((await adminCall(token)).status).toBe(403);
    expect((await api.call("GET", "/api/auth/second-factor", { token })).json).toMatchObject({
      state: "none",
      passed: false,
    });

    const setup = await api.call("POST", "/api/auth/second-factor/setup", { token });
    expect(setup.status).toBe(200);
    expect(setup.json.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(
      (await api.call("POST", "/api/auth/second-factor/setup/confirm", { token, body: { code: "000000" } }))
        .status,
    ).toBe(422);
    const confirmed = await api.call("POST", "/api/auth/second-factor/setup/confirm", {
      token,
      body: { code: new TOTP({ secret: setup.json.secret }).generate() },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.recovery_codes).toHaveLength(10);
    expect([401, 403]).not.toContain((await adminCall(token)).status);
    expect((await api.call("POST", "/api/auth/second-factor/setup", { token })).status).toBe(409);

    // A new login: 403 from the back office until the code; a wrong code says why.
    const login = await api.call("POST", "/api/auth/login", { body: { email: user.email, password } });
    const fresh = login.json.token as string;
    expect((await adminCall(fresh)).status).toBe(403);
    const wrong = await api.call("POST", "/api/auth/second-factor", {
      token: fresh,
      body: { code: "000000" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json).toMatchObject({ reason: "invalid" });
    const passed = await api.call("POST", "/api/auth/second-factor", {
      token: fresh,
      body: { code: confirmed.json.recovery_codes[3] },
    });
    expect(passed.json).toEqual({ method: "recovery", recovery_codes_left: 9 });
    expect([401, 403]).not.toContain((await adminCall(fresh)).status);
  });

  it("answers 401 to a guest and 403 to a plain user", async () => {
    expect((await api.call("POST", "/api/auth/second-factor", { body: { code: "123456" } })).status).toBe(
      401,
    );
    const { token } = await api.createUser();
    expect(
      (await api.call("POST", "/api/auth/second-factor", { token, body: { code: "123456" } })).status,
    ).toBe(403);
    expect((await api.call("POST", "/api/auth/second-factor/setup", { token })).status).toBe(403);
  });

  it("a staff session without the factor gets 403 from every kind of /api/admin call", async () => {
    const { token } = await api.createUser({ role: "admin" }, undefined, { secondFactor: false });
    const response = await api.call("PUT", "/api/admin/settings/contacts", { token, body: {} });
    expect(response.status).toBe(403);
  });
});
