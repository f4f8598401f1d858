import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStrongPassword } from "#core/rules/password-strength.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { said } from "#server/test/said.ts";
import { createAltcha, solveAltcha } from "../auth/altcha.ts";
import { verifyPassword } from "../auth/index.ts";
import { followEmailChange } from "../newsletter/index.ts";
import { subscribers } from "../newsletter/tables.ts";
import { users } from "../users/tables.ts";
import { createEmailConfirmationService } from "./email-confirmation.ts";
import { createRegistrationService } from "./registration.ts";
import { emailConfirmationTokens } from "./tables.ts";

let api: TestApi;
let altcha: ReturnType<typeof createAltcha>;
let service: ReturnType<typeof registrationService>;
const now = new Date("2026-05-01T10:00:00Z");

const proof = async () => ({ altcha: await solveAltcha(await altcha.issue()) });
let counter = 0;
function form(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `Novy.Sberatel${counter}@Example.cz`,
    username: `sberatel.${counter}`,
    password: "Jamajsky rum z roku 1998",
    passwordConfirmation: "Jamajsky rum z roku 1998",
    firstname: "Karel",
    lastname: "Sběratel",
    phonePrefix: "+420",
    phone: `601 200 ${String(counter).padStart(3, "0")}`,
    terms: "on",
    adult: "on",
    ...overrides,
  };
}
/** Registers, then lets the mail worker deliver what was queued (into api.sentMail). */
async function register(raw: Record<string, unknown>, ip = `10.0.0.${counter}`) {
  const result = await service.register(raw, { locale: "cs", ip, proof: await proof() });
  await api.deliverMail();
  return result;
}
const countUsers = async () => (await api.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

/**
 * The service on this file's database, clock and ALTCHA, with its own per-IP limit; its answers
 * as the page puts them (status "accepted" or the refusal's code, the field errors in Czech).
 */
const registrationService = (perIpLimit: number) => {
  const inner = createRegistrationService({
    db: api.db,
    altcha,
    emailConfirmation: createEmailConfirmationService({
      db: api.db,
      mail: api.services.mail,
      config: api.config,
      followEmailChange,
      now: () => now,
    }),
    newsletter: api.services.newsletter,
    mail: api.services.mail,
    config: api.config,
    now: () => now,
    perIpLimit,
  });
  return {
    register: async (...args: Parameters<typeof inner.register>) =>
      said(await inner.register(...args), "accepted"),
  };
};

beforeAll(async () => {
  api = await createTestApi();
  // Little work (about 1 attempt): this file solves over a hundred challenges.
  altcha = createAltcha({ purpose: "register", bits: 12 });
  service = registrationService(3);
});
afterAll(() => api?.close());

describe("registration", () => {
  it("creates exactly one user with an argon2id hash, adult confirmation and a welcome mail", async () => {
    const before = await countUsers();
    const input = form();
    const result = await register(input);
    expect(result.status).toEqual("accepted");
    expect(await countUsers()).toBe(before + 1);
    const [user] = await api.db.select().from(users).where(eq(users.username, input.username));
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.passwordHash, input.password)).toBe(true);
    expect(user.adultConfirmedAt?.toISOString()).toBe(now.toISOString());
    expect(user.emailConfirmedAt).toBeNull();
    expect(user.phone).toMatch(/^601200\d{3}$/);
    expect(user.locale).toBe("cs");

    const mail = api.sentMail.at(-1)!;
    expect(mail.to).toBe(input.email);
    expect(mail.subject).toContain("Vítejte");
    expect(mail.html).toContain("/potvrzeni-emailu/");
    const token = mail.text.match(/\/potvrzeni-emailu\/([\w-]+)/)![1];
    const [row] = await api.db
      .select()
      .from(emailConfirmationTokens)
      .where(eq(emailConfirmationTokens.userId, user.id));
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - now.getTime()).toBe(48 * 3600 * 1000);
  });

  // Each probe is a whole registration (argon2id hash and proof of work): ten of each kind are
  // more than three times the owner's hourly notices and stay within the timeout on a busy machine
  // (fifty did not at load 12).
  const PROBES = 10;
  it(`answers ${PROBES} probes of a registered e-mail exactly like new addresses, and mails the owner instead`, async () => {
    const probing = registrationService(1000);
    const owner = form();
    expect((await register(owner)).status).toBe("accepted");
    const [ownerRow] = await api.db.select().from(users).where(eq(users.username, owner.username));
    const mailsBefore = api.sentMail.length;
    const usersBefore = await countUsers();
    const taken = [];
    const fresh = [];
    for (let i = 0; i < PROBES; i++) {
      const probe = form({ phone: "" });
      const email = i % 2 === 0 ? owner.email.toUpperCase() : owner.email;
      taken.push(
        await probing.register({ ...probe, email }, { locale: "cs", ip: "10.7.7.7", proof: await proof() }),
      );
      fresh.push(
        await probing.register(form({ phone: "" }), {
          locale: "cs",
          ip: "10.7.7.7",
          proof: await proof(),
        }),
      );
    }
    await api.deliverMail();
    expect(new Set([...taken, ...fresh].map((r) => JSON.stringify(r)))).toEqual(
      new Set([JSON.stringify({ status: "accepted", errors: {} })]),
    );
    // The fresh addresses got accounts; the registered one still has exactly its own.
    expect(await countUsers()).toBe(usersBefore + PROBES);
    const sameAddress = await api.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${owner.email})`);
    expect(sameAddress.map((u) => u.id)).toEqual([ownerRow.id]);
    // The owner is told (a few times an hour at most, so probes cannot flood the inbox).
    const notices = api.sentMail.slice(mailsBefore).filter((m) => m.to === owner.email);
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices.length).toBeLessThanOrEqual(3);
    expect(notices[0].subject).toBe("Pokus o registraci s vaší e-mailovou adresou");
    expect(notices[0].text).toContain(`${api.config.publicUrl}/ucet`);
    expect(notices[0].text).toContain(`${api.config.publicUrl}/obnova-hesla`);
    expect(notices.some((m) => m.text.includes("/potvrzeni-emailu/"))).toBe(false);
  });

  it("checks the proof of work before anything that depends on the e-mail's existence", async () => {
    const owner = form();
    expect((await register(owner)).status).toBe("accepted");
    const mails = api.sentMail.length;
    const taken = await service.register(form({ email: owner.email }), {
      locale: "cs",
      ip: "10.0.5.1",
      proof: {},
    });
    const fresh = await service.register(form(), { locale: "cs", ip: "10.0.5.2", proof: {} });
    expect(taken).toEqual(fresh);
    expect(taken.status === "invalid" && Object.keys(taken.errors)).toEqual(["form"]);
    await api.deliverMail();
    expect(api.sentMail.length).toBe(mails);
  });

  it("scores the password's guessability only for a form that passed the bot check", async () => {
    const weak = form({ password: "heslo123", passwordConfirmation: "heslo123" });
    const unproven = await service.register(weak, { locale: "cs", ip: "10.0.6.1", proof: {} });
    expect(unproven.status === "invalid" && Object.keys(unproven.errors)).toEqual(["form"]);
    const proven = await service.register(weak, { locale: "cs", ip: "10.0.6.1", proof: await proof() });
    expect(proven.status === "invalid" && Object.keys(proven.errors)).toEqual(["password"]);
    expect(proven.status === "invalid" && proven.errors.password?.[0]).toContain("příliš běžné");
  });

  it("refuses a duplicate username or phone in another letter case, saving nothing", async () => {
    const first = form();
    expect((await register(first)).status).toBe("accepted");
    const before = await countUsers();
    const mails = api.sentMail.length;

    const sameName = await register(form({ username: first.username.toUpperCase() }));
    expect(sameName.status === "invalid" && sameName.errors.username?.[0]).toContain("uživatelské jméno už");
    const samePhone = await register(form({ phone: first.phone.replace(/ /g, "") }));
    expect(samePhone.status === "invalid" && samePhone.errors.phone?.[0]).toContain("telefonní číslo");
    expect(await countUsers()).toBe(before);
    expect(api.sentMail.length).toBe(mails);
  });

  it("gives the validation messages of docs/product/calls-and-errors.md per field", async () => {
    const result = await register({
      email: "not-an-email",
      username: "bad name!",
      password: "short",
      passwordConfirmation: "other",
      firstname: "",
      phone: "12ab",
    });
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(result.errors.email).toEqual(["Pole musí obsahovat platný email."]);
    expect(result.errors.username).toEqual(["Pole musí obsahovat pouze alfanumerické znaky s tečkou."]);
    expect(result.errors.password).toEqual(["Vyplňte prosím minimálně 8 znaků."]);
    expect(result.errors.passwordConfirmation).toEqual(["Toto pole je nutné potvrdit."]);
    expect(result.errors.firstname).toEqual(["Pole musí být vyplněno"]);
    expect(result.errors.lastname).toEqual(["Pole musí být vyplněno"]);
    expect(result.errors.phone).toEqual(["Pole musí obsahovat pouze číslice."]);
    expect(result.errors.terms?.[0]).toContain("obchodními podmínkami");
    expect(result.errors.adult?.[0]).toContain("18 let");
  });

  it("refuses common passwords, case-insensitively, and accepts 1024 characters", async () => {
    expect(isStrongPassword("Heslo123")).toBe(false);
    for (const password of ["heslo123", "PASSWORD1", "Qwertz123"]) {
      const result = await register(form({ password, passwordConfirmation: password }));
      expect(result.status === "invalid" && result.errors.password?.[0]).toContain("příliš běžné");
    }
    // 1024 characters of a passphrase: one letter repeated is easy to guess (ADR 0012).
    const long = "Jamajsky rum z roku 1998 ".repeat(41).slice(0, 1024);
    expect((await register(form({ password: long, passwordConfirmation: long }))).status).toBe("accepted");
    const tooLong = "k".repeat(1025);
    expect((await register(form({ password: tooLong, passwordConfirmation: tooLong }))).status).toBe(
      "invalid",
    );
  });

  it("refuses a form without a solved proof of work, or with a reused one", async () => {
    const before = await countUsers();
    const none = await service.register(form(), { locale: "cs", ip: "10.0.0.9", proof: {} });
    expect(none.status === "invalid" && none.errors.form?.[0]).toContain("JavaScript");
    const solved = await proof();
    expect((await service.register(form(), { locale: "cs", ip: "10.0.0.9", proof: solved })).status).toBe(
      "accepted",
    );
    const again = await service.register(form(), { locale: "cs", ip: "10.0.0.9", proof: solved });
    expect(again.status === "invalid" && again.errors.form?.[0]).toContain("znovu");
    expect(await countUsers()).toBe(before + 1);
  });

  it("starts the newsletter opt-in when asked", async () => {
    const input = form({ newsletter: "on" });
    expect((await register(input)).status).toBe("accepted");
    const [row] = await api.db
      .select()
      .from(subscribers)
      .where(sql`lower(${subscribers.email}) = lower(${input.email})`);
    expect(row.confirmedAt).toBeNull();
    expect(api.sentMail.filter((m) => m.to === input.email)).toHaveLength(2);
  });

  it("limits registration attempts per IP, registered e-mails included, then answers limited", async () => {
    const owner = form();
    expect((await register(owner, "10.9.9.1")).status).toBe("accepted");
    expect((await register(form(), "10.9.9.9")).status).toBe("accepted");
    expect((await register(form({ email: owner.email }), "10.9.9.9")).status).toBe("accepted");
    expect((await register(form(), "10.9.9.9")).status).toBe("accepted");
    const limited = await register(form(), "10.9.9.9");
    expect(limited.status).toBe("limited");
    expect((limited.details as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(3000);
    expect((await register(form({ email: owner.email }), "10.9.9.9")).status).toBe("limited");
    expect((await register(form(), "10.9.9.8")).status).toBe("accepted");
  });
});
