import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { err, ok } from "#core/result.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { said } from "#server/test/said.ts";
import { verifyPassword } from "../auth/index.ts";
import { sessions } from "../auth/tables.ts";
import { users } from "../users/tables.ts";
import { createPasswordResetService } from "./password-reset.ts";
import { passwordResetTokens } from "./tables.ts";

let api: TestApi;
let now = new Date("2026-05-01T10:00:00Z");
let service: ReturnType<typeof createPasswordResetService>;
const NEW = { password: "Nove dlouhe heslo 2026", passwordConfirmation: "Nove dlouhe heslo 2026" };
let ipCounter = 0;
/** A reset request, then the mail worker's turn, so that whatever was queued is in api.sentMail. */
async function ask(email: string) {
  const result = await service.request({ email }, { locale: "cs", ip: `10.1.0.${++ipCounter}` });
  await api.deliverMail();
  return result;
}
const lastToken = () => api.sentMail.at(-1)!.text.match(/\/zmena-hesla\/([\w-]+)/)![1];

beforeAll(async () => {
  api = await createTestApi();
  service = createPasswordResetService({
    db: api.db,
    mail: api.services.mail,
    config: api.config,
    endSessions: api.services.sessions.endAll,
    now: () => now,
  });
});
afterAll(() => api?.close());

describe("password reset", () => {
  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const mails = api.sentMail.length;
    expect(await ask("nikdo@example.cz")).toEqual(ok());
    expect(api.sentMail.length).toBe(mails);
    const { user } = await api.createUser();
    expect(await ask(user.email.toUpperCase())).toEqual(ok());
    expect(api.sentMail.length).toBe(mails + 1);
    expect(api.sentMail.at(-1)!.to).toBe(user.email);
    expect(api.sentMail.at(-1)!.subject).toBe("Nastavení nového hesla");
    const link = `${api.config.publicUrl}/zmena-hesla/${lastToken()}`;
    expect(api.sentMail.at(-1)!.text).toContain(`Nastavit nové heslo: ${link}`);
    expect(api.sentMail.at(-1)!.html).toContain(`<a href="${link}"`);
  });

  it("writes to an English account in English, linking the English page", async () => {
    const { user } = await api.createUser({ locale: "en" });
    await ask(user.email);
    const mail = api.sentMail.at(-1)!;
    expect(mail.subject).toBe("Set a new password");
    expect(mail.text).toContain(`${api.config.publicUrl}/en/change-password/`);
    expect(mail.html).toContain('<html lang="en">');
  });

  it("stores no token when the mail cannot be queued, and answers the same", async () => {
    const { user } = await api.createUser();
    const tokensBefore = await api.db.select().from(passwordResetTokens);
    const send = api.jobs.send;
    api.jobs.send = async () => {
      throw new Error("database unavailable");
    };
    try {
      expect(await ask(user.email)).toEqual(ok());
    } finally {
      api.jobs.send = send;
    }
    expect(await api.db.select().from(passwordResetTokens)).toEqual(tokensBefore);
  });

  it("validates the e-mail field", async () => {
    const result = await ask("");
    expect(said(result)).toMatchObject({ status: "invalid", errors: { email: ["Pole musí být vyplněno"] } });
  });

  it("sets the password once and ends every session", async () => {
    const { user, token: session } = await api.createUser();
    await api.createUser({}, "x"); // another user's session stays
    await ask(user.email);
    const token = lastToken();
    expect(await service.check(token)).toBe("valid");

    const weak = await service.reset(token, { password: "heslo123", passwordConfirmation: "heslo123" });
    expect(weak).toMatchObject({ ok: false, code: "invalid_password" });
    const mismatch = said(await service.reset(token, { ...NEW, passwordConfirmation: "jine" }));
    expect(mismatch).toMatchObject({
      status: "invalid_password",
      errors: { passwordConfirmation: ["Toto pole je nutné potvrdit."] },
    });

    expect(await service.reset(token, NEW)).toEqual(ok({ userId: user.id }));
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row.passwordHash, NEW.password)).toBe(true);
    const open = await api.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(open).toHaveLength(0);
    expect((await api.call("GET", "/api/me", { token: session })).status).toBe(401);

    expect(await service.check(token)).toBe("used");
    expect(
      await service.reset(token, {
        password: "Zase jine heslo 99",
        passwordConfirmation: "Zase jine heslo 99",
      }),
    ).toEqual(err("used"));
  });

  it("expires after one hour", async () => {
    const { user } = await api.createUser();
    await ask(user.email);
    const token = lastToken();
    now = new Date(now.getTime() + 59 * 60 * 1000);
    expect(await service.check(token)).toBe("valid");
    now = new Date(now.getTime() + 60 * 1000 + 1);
    expect(await service.check(token)).toBe("expired");
    expect(await service.reset(token, NEW)).toEqual(err("expired"));
    expect(await service.check("no-such-token")).toBe("invalid");
  });

  it("limits requests per address silently and per IP visibly", async () => {
    const { user } = await api.createUser();
    const mails = api.sentMail.length;
    for (let i = 0; i < 5; i++) expect(await ask(user.email)).toEqual(ok());
    expect(api.sentMail.length).toBe(mails + 3);
    const results = [];
    for (let i = 0; i < 11; i++)
      results.push(
        said(
          await service.request({ email: `x${i}@example.cz` }, { locale: "cs", ip: "10.2.2.2" }),
          "accepted",
        ).status,
      );
    expect(results.at(-1)).toBe("limited");
    expect(results.slice(0, 10).every((s) => s === "accepted")).toBe(true);
  });

  it("a newer link, once used, kills every older one (the translated 'invalid link' page)", async () => {
    const { user } = await api.createUser();
    await ask(user.email);
    const older = lastToken();
    await ask(user.email);
    const newer = lastToken();
    expect(older).not.toBe(newer);
    expect(await service.reset(newer, NEW)).toEqual(ok({ userId: user.id }));
    expect(await service.check(older)).toBe("invalid");
    expect(
      await service.reset(older, {
        ...NEW,
        password: "Utocnikovo heslo 77",
        passwordConfirmation: "Utocnikovo heslo 77",
      }),
    ).toEqual(err("invalid"));
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row.passwordHash, NEW.password)).toBe(true);
  });

  it("a password change in the account kills outstanding links and every other session, keeping the current one", async () => {
    const { user, token: current, password } = await api.createUser();
    const other = await api.call("POST", "/api/auth/login", { body: { email: user.email, password } });
    expect(other.status).toBe(200);
    await ask(user.email);
    const link = lastToken();
    const changed = await api.call("POST", "/api/me/password", {
      token: current,
      body: { currentPassword: password, password: NEW.password, passwordConfirmation: NEW.password },
    });
    expect(changed.status).toBe(200);
    expect(await service.check(link)).toBe("invalid");
    expect(
      await service.reset(link, {
        password: "Utocnikovo heslo 77",
        passwordConfirmation: "Utocnikovo heslo 77",
      }),
    ).toEqual(err("invalid"));
    expect((await api.call("GET", "/api/me", { token: other.json.token })).status).toBe(401);
    expect((await api.call("GET", "/api/me", { token: current })).status).toBe(200);
  });
});
