import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { err, ok } from "#core/result.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { said } from "#server/test/said.ts";
import { followEmailChange } from "../newsletter/index.ts";
import { users } from "../users/tables.ts";
import { createEmailConfirmationService } from "./email-confirmation.ts";

let api: TestApi;
let now = new Date("2026-05-01T10:00:00Z");
let service: ReturnType<typeof createEmailConfirmationService>;
const tokenOf = (url: string) => url.split("/").at(-1)!;

beforeAll(async () => {
  api = await createTestApi();
  service = createEmailConfirmationService({
    db: api.db,
    mail: api.services.mail,
    config: api.config,
    followEmailChange,
    now: () => now,
  });
});
afterAll(() => api?.close());

describe("e-mail confirmation", () => {
  it("confirms once, then says the link was used", async () => {
    const { user } = await api.createUser();
    const token = tokenOf(await service.createLink(user.id, user.email.toUpperCase()));
    expect(await service.confirm(token)).toEqual(ok({ email: user.email.toUpperCase() }));
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.emailConfirmedAt?.toISOString()).toBe(now.toISOString());
    expect(await service.confirm(token)).toEqual(err("used"));
  });

  it("refuses an expired, unknown or outdated link", async () => {
    const { user } = await api.createUser();
    const token = tokenOf(await service.createLink(user.id, user.email));
    now = new Date(now.getTime() + 48 * 3600 * 1000 + 1);
    expect(await service.confirm(token)).toEqual(err("expired"));
    expect(await service.confirm("nonsense")).toEqual(err("invalid"));
    const other = tokenOf(await service.createLink(user.id, "old@example.cz"));
    expect(await service.confirm(other)).toEqual(err("invalid"));
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.emailConfirmedAt).toBeNull();
  });

  it("resends a link in the user's language", async () => {
    const { user } = await api.createUser({ locale: "en" });
    expect(await service.resend(user.id)).toBe(true);
    expect(await api.deliverMail()).toBe(1);
    const mail = api.sentMail.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe("Please confirm your e-mail");
    expect(mail.text).toContain(`Confirm e-mail: ${api.config.publicUrl}/en/confirm-email/`);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain("Confirm e-mail</a>");
  });

  it("greets by first name, by username only when there is none", async () => {
    const { user } = await api.createUser({ firstname: "Karel" });
    await service.resend(user.id);
    await api.deliverMail();
    const named = api.sentMail.at(-1)!;
    expect(named.text.startsWith("Dobrý den, Karel,")).toBe(true);
    expect(named.text).not.toContain(user.username);

    const { user: nameless } = await api.createUser({ firstname: null, locale: "en" });
    await service.resend(nameless.id);
    await api.deliverMail();
    expect(api.sentMail.at(-1)!.text.startsWith(`Hello ${nameless.username},`)).toBe(true);
  });
});

describe("resending the confirmation by address", () => {
  const meta = (ip: string) => ({ locale: "cs" as const, ip });

  it("mails a new link to an unconfirmed account and answers the same for any other address", async () => {
    const { user } = await api.createUser({ firstname: "Eva" });
    const before = api.sentMail.length;
    expect(await service.requestResend({ email: ` ${user.email.toUpperCase()} ` }, meta("10.9.0.1"))).toEqual(
      ok(),
    );
    expect(await api.deliverMail()).toBe(1);
    const mail = api.sentMail.at(-1)!;
    expect(api.sentMail.length).toBe(before + 1);
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe("Potvrďte prosím svůj e-mail");
    expect(mail.text).toContain("Dobrý den, Eva,");
    const token = mail.text.match(/\/potvrzeni-emailu\/([\w.-]+)/)?.[1];
    expect(await service.confirm(token!)).toEqual(ok({ email: user.email }));

    // Confirmed now, and an address nobody has: the same answer, no mail.
    const sent = api.sentMail.length;
    expect(await service.requestResend({ email: user.email }, meta("10.9.0.1"))).toEqual(ok());
    expect(await service.requestResend({ email: "nikdo@example.cz" }, meta("10.9.0.1"))).toEqual(ok());
    await api.deliverMail();
    expect(api.sentMail.length).toBe(sent);
  });

  it("refuses an invalid address and limits requests per IP and mails per address", async () => {
    expect(said(await service.requestResend({ email: "ne-adresa" }, meta("10.9.0.2")))).toMatchObject({
      status: "invalid",
      errors: { email: [expect.any(String)] },
    });
    const { user } = await api.createUser();
    const before = api.sentMail.length;
    for (let i = 0; i < 5; i++) await service.requestResend({ email: user.email }, meta(`10.9.1.${i}`));
    await api.deliverMail();
    // Three mails an hour to one address, whoever asks.
    expect(api.sentMail.length - before).toBe(3);
    let last: Awaited<ReturnType<typeof service.requestResend>> = ok();
    for (let i = 0; i < 11; i++)
      last = await service.requestResend({ email: `x${i}@example.cz` }, meta("10.9.0.3"));
    expect(last).toMatchObject({ ok: false, code: "limited" });
  });
});
