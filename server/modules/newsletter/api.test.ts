import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCatalogFixture } from "#server/test/fixtures.ts";
import { hashToken } from "../auth/index.ts";
import { subscribers } from "./tables.ts";

let api: TestApi;
let rum: number;
let jamaica: number;
let root: number;

beforeAll(async () => {
  api = await createTestApi();
  const catalog = await insertCatalogFixture(api.db);
  ({
    rum: { id: rum },
    jamaica: { id: jamaica },
    root: { id: root },
  } = catalog.categories);
});
afterAll(async () => {
  await api?.close();
});

async function snapshot() {
  await api.deliverMail();
  return {
    subscribers: await api.db.select().from(subscribers).orderBy(subscribers.id),
    mails: api.sentMail.length,
  };
}

async function findSubscriber(email: string) {
  const [row] = await api.db
    .select()
    .from(subscribers)
    .where(sql`lower(${subscribers.email}) = lower(${email})`);
  return row;
}

/** The mails delivered to the address, after the mail worker has run. */
async function mailsTo(email: string) {
  await api.deliverMail();
  return api.sentMail.filter((m) => m.to === email);
}

async function mailCount() {
  await api.deliverMail();
  return api.sentMail.length;
}

/** The token of the opt-in link in the last mail sent to the address. */
async function tokenFromMail(email: string): Promise<string> {
  const mail = (await mailsTo(email)).at(-1);
  const match = mail?.text.match(/\/newsletter\/potvrzeni\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no confirmation link mailed to ${email}`);
  return match[1];
}

let counter = 0;
const freshEmail = () => `odberatel${++counter}-${Date.now()}@example.cz`;

describe("POST /api/subscriber/save", () => {
  it("stores an unconfirmed subscriber and sends the double opt-in e-mail", async () => {
    const email = freshEmail();
    const response = await api.call("POST", "/api/subscriber/save", {
      body: { email, selectedCategories: [rum, jamaica, rum] },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      message:
        "E-mail byl úspěšně uložen. Odběr ještě potvrďte odkazem v e-mailu, který jsme vám právě poslali.",
    });

    const row = await findSubscriber(email);
    expect(row).toMatchObject({
      email,
      userId: null,
      selectedCategories: [rum, jamaica],
      locale: "cs",
      confirmedAt: null,
      unsubscribedAt: null,
    });

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Potvrďte prosím odběr novinek Rarita");
    const token = await tokenFromMail(email);
    expect(mails[0].text).toContain(`${api.config.publicUrl}/newsletter/potvrzeni/${token}`);
    expect(mails[0].text).toContain(`${api.config.publicUrl}/newsletter/odhlaseni/${token}`);
    expect(mails[0].headers?.["List-Unsubscribe"]).toBe(
      `<${api.config.publicUrl}/newsletter/odhlaseni/${token}>`,
    );
    // Only the token's hash is stored.
    expect(row.confirmTokenHash).toBe(hashToken(token));
  });

  it("answers in English on request and accepts no categories (empty or left out)", async () => {
    const email = freshEmail();
    const response = await api.call("POST", "/api/subscriber/save?lang=en", {
      body: { email, selectedCategories: [] },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      message:
        "The e-mail was saved. Please confirm the subscription with the link in the e-mail we have just sent you.",
    });
    expect(await findSubscriber(email)).toMatchObject({ locale: "en", selectedCategories: [] });
    expect((await mailsTo(email))[0].subject).toBe("Please confirm your Rarita newsletter subscription");

    const other = freshEmail();
    expect((await api.call("POST", "/api/subscriber/save", { body: { email: other } })).status).toBe(200);
    expect((await findSubscriber(other)).selectedCategories).toEqual([]);
  });

  it("answers 409 already_exists for a stored e-mail in another letter case and changes nothing", async () => {
    const email = freshEmail();
    await api.call("POST", "/api/subscriber/save", { body: { email, selectedCategories: [rum] } });
    const before = await snapshot();
    const response = await api.call("POST", "/api/subscriber/save", {
      body: { email: email.toUpperCase(), selectedCategories: [jamaica] },
    });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({ error: "already_exists", message: "Tento e-mail je již uložen." });
    expect(await snapshot()).toEqual(before);

    const english = await api.call("POST", "/api/subscriber/save?lang=en", {
      body: { email, selectedCategories: [] },
    });
    expect(english.json).toEqual({ error: "already_exists", message: "This e-mail is already saved." });
  });

  it("refuses invalid input with 422 per field, stores nothing and sends nothing", async () => {
    const before = await snapshot();
    const email = freshEmail();
    const cases: [unknown, string, string[] | undefined][] = [
      [{}, "email", ["Pole musí být vyplněno"]],
      [{ selectedCategories: [rum] }, "email", ["Pole musí být vyplněno"]],
      [{ email: "neni-email", selectedCategories: [] }, "email", ["Pole musí obsahovat platný email."]],
      [{ email: `${"a".repeat(290)}@example.cz`, selectedCategories: [] }, "email", undefined],
      [{ email: 42, selectedCategories: [] }, "email", undefined],
      [{ email, selectedCategories: "x" }, "selectedCategories", undefined],
      [{ email, selectedCategories: [rum, "a"] }, "selectedCategories.1", undefined],
      [{ email, selectedCategories: [0] }, "selectedCategories.0", undefined],
      [{ email, selectedCategories: [1.5] }, "selectedCategories.0", undefined],
      [
        { email, selectedCategories: Array.from({ length: 501 }, () => rum) },
        "selectedCategories",
        undefined,
      ],
      [
        { email, selectedCategories: [rum, 999_999] },
        "selectedCategories",
        ["Vybraná kategorie neexistuje."],
      ],
      [{ email, selectedCategories: [99_999_999_999] }, "selectedCategories.0", undefined],
    ];
    for (const [body, field, messages] of cases) {
      const response = await api.call("POST", "/api/subscriber/save", { body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.json.errors[field], JSON.stringify(body).slice(0, 80)).toBeDefined();
      if (messages) expect(response.json.errors[field]).toEqual(messages);
    }
    const english = await api.call("POST", "/api/subscriber/save?lang=en", {
      body: { email, selectedCategories: [999_999] },
    });
    expect(english.json).toEqual({ errors: { selectedCategories: ["The chosen category does not exist."] } });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a body that is not JSON with 400", async () => {
    const before = await snapshot();
    const response = await api.call("POST", "/api/subscriber/save", { rawBody: '{"email": "a@b.cz",' });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ message: "Požadavek neobsahuje platný JSON." });
    expect(await snapshot()).toEqual(before);
  });

  it("answers a failure to queue the mail with a bare 500 and keeps nothing, so that the visitor can retry", async () => {
    const email = freshEmail();
    const before = await snapshot();
    const send = api.jobs.send;
    api.jobs.send = async () => {
      throw new Error("connection to the database lost");
    };
    try {
      const response = await api.call("POST", "/api/subscriber/save", {
        body: { email, selectedCategories: [rum] },
      });
      expect(response.status).toBe(500);
      expect(response.json).toMatchObject({ message: "Omlouváme se, ale nastala chyba." });
    } finally {
      api.jobs.send = send;
    }
    expect(await snapshot()).toEqual(before);
    expect(
      (await api.call("POST", "/api/subscriber/save", { body: { email, selectedCategories: [rum] } })).status,
    ).toBe(200);
  });

  it("keeps the sign-up when the mail server fails: the queued mail waits for its retry", async () => {
    const email = freshEmail();
    await api.deliverMail();
    const push = api.sentMail.push;
    api.sentMail.push = () => {
      throw new Error("451 4.3.0 mail server busy, try again later");
    };
    try {
      const response = await api.call("POST", "/api/subscriber/save", {
        body: { email, selectedCategories: [rum] },
      });
      expect(response.status).toBe(200);
      expect(await api.deliverMail()).toBe(1);
    } finally {
      api.sentMail.push = push;
    }
    expect(await findSubscriber(email)).toMatchObject({ email, confirmedAt: null });
    const jobs = await api.jobs.list("mail.send");
    const job = jobs.find((j) => (j.data as { to: string }).to === email);
    expect(job).toMatchObject({ state: "retry", retryCount: 0 });
  });

  it("lets an address that unsubscribed sign up again, as a fresh opt-in", async () => {
    const email = freshEmail();
    await api.call("POST", "/api/subscriber/save", { body: { email, selectedCategories: [rum] } });
    const firstToken = await tokenFromMail(email);
    await api.services.newsletter.confirmSubscription(firstToken);
    expect(await api.services.newsletter.unsubscribe(firstToken)).toEqual({ email });

    const response = await api.call("POST", "/api/subscriber/save", {
      body: { email: email.toUpperCase(), selectedCategories: [jamaica] },
    });
    expect(response.status).toBe(200);
    const row = await findSubscriber(email);
    expect(row).toMatchObject({
      email: email.toUpperCase(),
      selectedCategories: [jamaica],
      confirmedAt: null,
      unsubscribedAt: null,
    });
    const secondToken = await tokenFromMail(email.toUpperCase());
    expect(secondToken).not.toBe(firstToken);
    expect(await api.services.newsletter.confirmSubscription(firstToken)).toBeNull();
    expect(await api.services.newsletter.confirmSubscription(secondToken)).toEqual({
      email: email.toUpperCase(),
    });
  });
});

describe("newsletter service: confirmSubscription and unsubscribe", () => {
  it("confirms by the mailed token (again harmlessly), unsubscribes by it, and ignores unknown tokens", async () => {
    const email = freshEmail();
    await api.call("POST", "/api/subscriber/save", { body: { email, selectedCategories: [rum] } });
    const token = await tokenFromMail(email);
    const before = await snapshot();
    for (const wrong of ["", "nesmysl", "x".repeat(500), `${token}x`]) {
      expect(await api.services.newsletter.confirmSubscription(wrong)).toBeNull();
      expect(await api.services.newsletter.unsubscribe(wrong)).toBeNull();
    }
    expect(await snapshot()).toEqual(before);

    expect(await api.services.newsletter.confirmSubscription(token)).toEqual({ email });
    const confirmed = await findSubscriber(email);
    expect(confirmed.confirmedAt).toBeInstanceOf(Date);
    expect(await api.services.newsletter.confirmSubscription(token)).toEqual({ email });
    expect((await findSubscriber(email)).confirmedAt).toEqual(confirmed.confirmedAt);

    expect(await api.services.newsletter.unsubscribe(token)).toEqual({ email });
    const unsubscribed = await findSubscriber(email);
    expect(unsubscribed.unsubscribedAt).toBeInstanceOf(Date);
    // An unsubscribed address is not re-confirmed by the old link.
    expect(await api.services.newsletter.confirmSubscription(token)).toBeNull();
    expect(await api.services.newsletter.unsubscribe(token)).toEqual({ email });
    expect((await findSubscriber(email)).unsubscribedAt).toEqual(unsubscribed.unsubscribedAt);
  });
});

describe("GET /api/subscriber/get", () => {
  it("answers 401 without a token", async () => {
    const response = await api.call("GET", "/api/subscriber/get");
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ message: "Pro tuto akci se musíte přihlásit." });
  });

  it("returns [] without a subscription, else the categories stored for the account e-mail (any case)", async () => {
    const { user, token } = await api.createUser();
    const empty = await api.call("GET", "/api/subscriber/get", { token });
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ selectedCategories: [] });

    await api.call("POST", "/api/subscriber/save", {
      body: { email: user.email.toUpperCase(), selectedCategories: [jamaica, root] },
    });
    const stored = await api.call("GET", "/api/subscriber/get", { token });
    expect(stored.json).toEqual({ selectedCategories: [jamaica, root] });

    await api.services.newsletter.unsubscribe(await tokenFromMail(user.email.toUpperCase()));
    expect((await api.call("GET", "/api/subscriber/get", { token })).json).toEqual({
      selectedCategories: [],
    });
  });
});

describe("POST /api/subscriber/preferences", () => {
  it("answers 401 without a token and changes nothing", async () => {
    const before = await snapshot();
    const response = await api.call("POST", "/api/subscriber/preferences", {
      body: { selectedCategories: [rum] },
    });
    expect(response.status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("subscribes a confirmed account e-mail at once, without a mail, and updates it on the next save", async () => {
    const { user, token } = await api.createUser({ emailConfirmedAt: new Date() });
    const mailsBefore = await mailCount();
    const response = await api.call("POST", "/api/subscriber/preferences", {
      token,
      body: { selectedCategories: [rum, jamaica] },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      selectedCategories: [rum, jamaica],
      message: "Nastavení bylo úspěšně uloženo.",
    });
    const row = await findSubscriber(user.email);
    expect(row).toMatchObject({
      email: user.email,
      userId: user.id,
      selectedCategories: [rum, jamaica],
      unsubscribedAt: null,
    });
    expect(row.confirmedAt).toBeInstanceOf(Date);
    expect(await mailCount()).toBe(mailsBefore);

    const update = await api.call("POST", "/api/subscriber/preferences?lang=en", {
      token,
      body: { selectedCategories: [] },
    });
    expect(update.json).toEqual({ selectedCategories: [], message: "Settings were saved." });
    expect((await api.call("GET", "/api/subscriber/get", { token })).json).toEqual({
      selectedCategories: [],
    });
    expect(await api.db.select().from(subscribers).where(eq(subscribers.userId, user.id))).toHaveLength(1);
  });

  it("takes over the footer sign-up of the same address and confirms it for a confirmed account", async () => {
    const { user, token } = await api.createUser({ emailConfirmedAt: new Date() });
    await api.call("POST", "/api/subscriber/save", {
      body: { email: user.email.toUpperCase(), selectedCategories: [root] },
    });
    const response = await api.call("POST", "/api/subscriber/preferences", {
      token,
      body: { selectedCategories: [rum] },
    });
    expect(response.status).toBe(200);
    const rows = await api.db
      .select()
      .from(subscribers)
      .where(sql`lower(${subscribers.email}) = lower(${user.email})`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, selectedCategories: [rum] });
    expect(rows[0].confirmedAt).toBeInstanceOf(Date);
  });

  it("keeps an unconfirmed account e-mail pending until the opt-in mail is confirmed", async () => {
    const { user, token } = await api.createUser();
    const response = await api.call("POST", "/api/subscriber/preferences", {
      token,
      body: { selectedCategories: [rum] },
    });
    expect(response.status).toBe(200);
    const row = await findSubscriber(user.email);
    expect(row).toMatchObject({ userId: user.id, selectedCategories: [rum], confirmedAt: null });
    const token2 = await tokenFromMail(user.email);
    expect(row.confirmTokenHash).toBe(hashToken(token2));
    // Saving again does not mail again.
    const mails = await mailCount();
    await api.call("POST", "/api/subscriber/preferences", { token, body: { selectedCategories: [jamaica] } });
    expect(await mailCount()).toBe(mails);
    expect(await api.services.newsletter.confirmSubscription(token2)).toEqual({ email: user.email });
  });

  it("refuses invalid input with 422 and changes nothing", async () => {
    const { user, token } = await api.createUser({ emailConfirmedAt: new Date() });
    await api.call("POST", "/api/subscriber/preferences", { token, body: { selectedCategories: [rum] } });
    const before = await snapshot();
    const cases: [unknown, string, string[] | undefined][] = [
      [{}, "selectedCategories", ["Pole musí být vyplněno"]],
      [{ selectedCategories: "x" }, "selectedCategories", undefined],
      [{ selectedCategories: [rum, "x"] }, "selectedCategories.1", undefined],
      [{ selectedCategories: [-1] }, "selectedCategories.0", undefined],
      [{ selectedCategories: Array.from({ length: 501 }, () => rum) }, "selectedCategories", undefined],
      [{ selectedCategories: [999_999] }, "selectedCategories", ["Vybraná kategorie neexistuje."]],
    ];
    for (const [body, field, messages] of cases) {
      const response = await api.call("POST", "/api/subscriber/preferences", { token, body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.json.errors[field]).toBeDefined();
      if (messages) expect(response.json.errors[field]).toEqual(messages);
    }
    const invalidJson = await api.call("POST", "/api/subscriber/preferences", {
      token,
      rawBody: "selectedCategories=1",
    });
    expect([400, 422]).toContain(invalidJson.status);
    expect(await snapshot()).toEqual(before);
    expect((await findSubscriber(user.email)).selectedCategories).toEqual([rum]);
  });
});

describe("OpenAPI", () => {
  it("documents every newsletter route, the protected ones with bearer security", async () => {
    const doc = (await api.call("GET", "/api/openapi.json")).json;
    expect(Object.keys(doc.paths["/subscriber/save"])).toEqual(["post"]);
    expect(Object.keys(doc.paths["/subscriber/save"].post.responses)).toEqual(
      expect.arrayContaining(["200", "409", "422", "500"]),
    );
    expect(doc.paths["/subscriber/get"].get.security).toContainEqual({ bearerAuth: [] });
    expect(doc.paths["/subscriber/preferences"].post.security).toContainEqual({ bearerAuth: [] });
  });
});
