import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkRefusalMessage, sendRefusalMessage } from "#core/contracts/verification.ts";
import type { Locale } from "#core/i18n/index.ts";
import { readSmsOutbox, type SmsSender, smsOutboxDir } from "#server/adapters/sms.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { users } from "../users/tables.ts";
import { verificationCodes } from "./tables.ts";
import { CODE_TTL_MS, createVerificationService, MAX_ATTEMPTS, MAX_CODES_PER_DAY } from "./verification.ts";

let api: TestApi;
let now = new Date("2026-05-01T10:00:00Z");
const sent: { phone: string; text: string }[] = [];
let failNext = false;
const sms: SmsSender = {
  kind: "outbox",
  async send(phone, text) {
    if (failNext) {
      failNext = false;
      throw new Error("gateway down");
    }
    sent.push({ phone, text });
  },
};
let service: ReturnType<typeof spoken>;

/**
 * The service's answers as the page and the API put them (core/contracts/verification.ts): the
 * refusal's code as the status, with its text in the asked language.
 */
function spoken(inner: ReturnType<typeof createVerificationService>) {
  return {
    async sendCode(userId: number, locale: Locale) {
      const result = await inner.sendCode(userId, locale);
      if (result.ok) return { status: "sent", ...result.value };
      if (result.code === "already_verified") return { status: result.code };
      const message = sendRefusalMessage(locale, result);
      if (result.code !== "limited") return { status: result.code, message };
      return { status: result.code, retryAfterSeconds: result.details.retryAfterSeconds, message };
    },
    async checkCode(userId: number, input: string, locale: Locale) {
      const result = await inner.checkCode(userId, input);
      if (result.ok) return { status: result.value };
      const message = checkRefusalMessage(locale, result);
      if (result.code === "invalid") return { status: result.code, message, ...result.details };
      return { status: result.code, message };
    },
  };
}
const lastCode = () => sent.at(-1)!.text.match(/\b(\d{6})\b/)![1];
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  api = await createTestApi();
  service = spoken(createVerificationService({ db: api.db, sms, now: () => now }));
});
afterAll(() => api?.close());

const withPhone = () => api.createUser({ phonePrefix: "+420", phone: "601234567" });

describe("SMS verification", () => {
  it("sends a six-digit code to the account's phone, stored only as a hash, and verifies with it after a wrong try", async () => {
    const { user } = await withPhone();
    const result = await service.sendCode(user.id, "cs");
    expect(result).toMatchObject({ status: "sent", phone: "+420 601 234 567" });
    expect(sent.at(-1)!.phone).toBe("+420601234567");
    expect(sent.at(-1)!.text).toMatch(/^Rarita: váš ověřovací kód je \d{6}\. Platí 10 minut\.$/);
    const code = lastCode();
    const [row] = await api.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime() - now.getTime()).toBe(CODE_TTL_MS);

    expect(await service.checkCode(user.id, wrong(code), "cs")).toEqual({
      status: "invalid",
      message: "Nesprávný kód. Zkuste to prosím znovu.",
      attemptsLeft: MAX_ATTEMPTS - 1,
    });
    expect((await service.checkCode(user.id, "000", "en")).status).toBe("invalid");
    expect(await service.checkCode(user.id, wrong(code), "en")).toMatchObject({
      message: "Incorrect code. Please try again.",
    });
    expect(await service.checkCode(user.id, ` ${code} `, "cs")).toEqual({ status: "verified" });
    const [after] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(after.verifiedAt?.toISOString()).toBe(now.toISOString());
    // The badge comes from the session's user.
    expect((await api.services.auth.loadUser(user.id))?.verified).toBe(true);
    expect((await service.sendCode(user.id, "cs")).status).toBe("already_verified");
  });

  it("refuses a code after 10 minutes", async () => {
    const { user } = await withPhone();
    await service.sendCode(user.id, "cs");
    const code = lastCode();
    later(CODE_TTL_MS);
    expect(await service.checkCode(user.id, code, "cs")).toEqual({
      status: "expired",
      message: "Platnost kódu vypršela. Nechte si prosím poslat nový.",
    });
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.verifiedAt).toBeNull();
  });

  it("allows 5 attempts per code: after them even the right code needs a new one", async () => {
    const { user } = await withPhone();
    await service.sendCode(user.id, "cs");
    const code = lastCode();
    for (let i = 1; i < MAX_ATTEMPTS; i++)
      expect(await service.checkCode(user.id, wrong(code), "cs")).toMatchObject({
        attemptsLeft: MAX_ATTEMPTS - i,
      });
    expect(await service.checkCode(user.id, wrong(code), "cs")).toEqual({
      status: "used_up",
      message: "Kód byl zadán příliš mnohokrát špatně. Nechte si prosím poslat nový.",
    });
    expect((await service.checkCode(user.id, code, "cs")).status).toBe("used_up");
    // A new code (after the resend interval) works.
    later(60_000);
    expect((await service.sendCode(user.id, "cs")).status).toBe("sent");
    expect(await service.checkCode(user.id, lastCode(), "cs")).toEqual({ status: "verified" });
  });

  it("sends at most one code a minute and 5 a day, saying how long to wait; only the newest code counts", async () => {
    const { user } = await withPhone();
    expect((await service.sendCode(user.id, "cs")).status).toBe("sent");
    const first = lastCode();
    later(20_000);
    expect(await service.sendCode(user.id, "cs")).toEqual({
      status: "limited",
      retryAfterSeconds: 40,
      message: "Nový kód si můžete nechat poslat za 40 s.",
    });
    for (let i = 1; i < MAX_CODES_PER_DAY; i++) {
      later(60_000);
      expect((await service.sendCode(user.id, "cs")).status).toBe("sent");
    }
    // The first code was replaced by newer ones.
    expect((await service.checkCode(user.id, first, "cs")).status).not.toBe("verified");
    later(60_000);
    const limited = await service.sendCode(user.id, "en");
    expect(limited).toMatchObject({ status: "limited" });
    // The first of the day's five leaves the 24-hour window 24 h after it was sent (5 min 20 s ago).
    expect("retryAfterSeconds" in limited && limited.retryAfterSeconds).toBe(24 * 3600 - 320);
    expect("message" in limited && limited.message).toBe(
      "We have already sent you 5 codes today. You can ask for another one in 24 h.",
    );
    later(24 * 3600_000);
    expect((await service.sendCode(user.id, "cs")).status).toBe("sent");
  });

  it("needs a phone, and a code sent to an old number does not verify a new one", async () => {
    const { user } = await api.createUser();
    expect(await service.sendCode(user.id, "cs")).toEqual({
      status: "no_phone",
      message: "Pro ověření účtu potřebujeme vaše telefonní číslo.",
    });
    await api.db.update(users).set({ phonePrefix: "+421", phone: "905111222" }).where(eq(users.id, user.id));
    await service.sendCode(user.id, "cs");
    const code = lastCode();
    await api.db.update(users).set({ phone: "905333444" }).where(eq(users.id, user.id));
    expect((await service.checkCode(user.id, code, "cs")).status).toBe("no_code");
  });

  it("keeps no code when the SMS could not be sent, so the limits are not used up", async () => {
    const { user } = await withPhone();
    failNext = true;
    expect(await service.sendCode(user.id, "cs")).toEqual({
      status: "failed",
      message: "SMS se nepodařilo odeslat. Zkuste to prosím za chvíli znovu.",
    });
    expect(
      await api.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id)),
    ).toEqual([]);
    expect((await service.sendCode(user.id, "cs")).status).toBe("sent");
  });
});

describe("verification API (/api/me/verification)", () => {
  it("sends to the development SMS outbox, answers a wrong code with 422 and its Czech text, and verifies", async () => {
    const { user, token } = await withPhone();
    const before = await api.call("GET", "/api/me/verification", { token });
    expect(before.json).toMatchObject({
      verified: false,
      phone: "+420 601 234 567",
      pending: null,
      resend_in_seconds: 0,
    });

    const sentCode = await api.call("POST", "/api/me/verification/code", { token });
    expect(sentCode.status).toBe(200);
    const outbox = await readSmsOutbox(smsOutboxDir(api.config.dataDir));
    const message = outbox.filter((m) => m.to === "+420601234567").at(-1)!;
    const code = message.text.match(/\b(\d{6})\b/)![1];

    const again = await api.call("POST", "/api/me/verification/code", { token });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(again.json.message).toMatch(/^Nový kód si můžete nechat poslat za \d+ s\.$/);

    const bad = await api.call("POST", "/api/me/verification/check", { token, body: { code: wrong(code) } });
    expect(bad.status).toBe(422);
    expect(bad.json).toEqual({ errors: { code: ["Nesprávný kód. Zkuste to prosím znovu."] } });
    const good = await api.call("POST", "/api/me/verification/check", { token, body: { code } });
    expect(good.status).toBe(200);
    expect((await api.call("GET", "/api/me", { token })).json.data.verified).toBe(true);
    expect((await api.db.select().from(users).where(eq(users.id, user.id)))[0].verifiedAt).not.toBeNull();
  });

  it("answers 401 without a session and 422 without a phone", async () => {
    expect((await api.call("POST", "/api/me/verification/code")).status).toBe(401);
    const { token } = await api.createUser();
    const response = await api.call("POST", "/api/me/verification/code", { token });
    expect(response.status).toBe(422);
    expect(response.json.errors.phone).toEqual(["Pro ověření účtu potřebujeme vaše telefonní číslo."]);
  });
});
