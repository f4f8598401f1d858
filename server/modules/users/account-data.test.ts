import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { err, ok } from "#core/result.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { said } from "#server/test/said.ts";
import { sessions } from "../auth/tables.ts";
import { bids } from "../bidding/tables.ts";
import { productStatusChanges, products } from "../listings/tables/products.ts";
import { countries } from "../lists/tables.ts";
import { subscribers } from "../newsletter/tables.ts";
import { wishlistItems, wishlists } from "../wishlist/tables.ts";
import { AVATAR_MAX_BYTES, renderAvatar } from "./avatar.ts";
import { addresses, users } from "./tables.ts";

/**
 * The account's own data through /api/me/* on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): every endpoint with good and bad input, and the ownership rule that no call
 * reaches another account's rows.
 */

let api: TestApi;
let categoryId: number;

const COMPANY = {
  name: "Jan Novák",
  street: "Vinohradská 12",
  city: "Praha",
  zip: "12000",
  countryCode: "CZ",
  isCompany: true,
  company: "Rarita s.r.o.",
  companyId: "255 96 641",
  taxId: "cz25596641",
};
const PERSON = { name: "Eva Malá", street: "Hlavní 1", city: "Brno", zip: "602 00", countryCode: "CZ" };

async function upload(token: string, bytes: Uint8Array, name = "avatar.png", type = "image/png") {
  const form = new FormData();
  form.append("avatar", new File([new Uint8Array(bytes)], name, { type }));
  const response = await api.app.request("/api/me/avatar", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    body: form,
  });
  return { status: response.status, json: await response.json() };
}

const png = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: "#c39a3f" } })
    .png()
    .toBuffer();

beforeAll(async () => {
  api = await createTestApi();
  await api.db
    .insert(countries)
    .values([
      { code: "CZ", nameCs: "Česká republika", nameEn: "Czech Republic", position: 0 },
      { code: "SK", nameCs: "Slovensko", nameEn: "Slovakia", position: 1 },
      { code: "DE", nameCs: "Německo", nameEn: "Germany", position: 10 },
    ])
    .onConflictDoNothing();
  categoryId = (await insertCategory(api.db)).id;
});
afterAll(() => api?.close());

describe("profile", () => {
  it("needs a login for every /api/me endpoint", async () => {
    for (const [method, url] of [
      ["GET", "/api/me/profile"],
      ["PUT", "/api/me/profile"],
      ["POST", "/api/me/email"],
      ["GET", "/api/me/addresses"],
      ["GET", "/api/me/addresses/invoice"],
      ["PUT", "/api/me/addresses/invoice"],
      ["DELETE", "/api/me/addresses/invoice"],
      ["POST", "/api/me/avatar"],
      ["DELETE", "/api/me/avatar"],
      ["POST", "/api/me/password"],
      ["GET", "/api/me/export"],
      ["DELETE", "/api/me"],
    ]) {
      const response = await api.call(method, url, method === "GET" ? {} : { body: {} });
      expect(response.status, `${method} ${url}`).toBe(401);
      expect(response.json).toEqual({ message: "Pro tuto akci se musíte přihlásit." });
    }
  });

  it("reads and saves names, username and phone; a taken username is refused regardless of case", async () => {
    const other = await api.createUser({ username: "Sberatel.Rumu" });
    const { user, token } = await api.createUser();
    const read = await api.call("GET", "/api/me/profile", { token });
    expect(read.status).toBe(200);
    expect(read.json.data).toMatchObject({
      id: user.id,
      email: user.email,
      pending_email: null,
      username: user.username,
      avatar_url: null,
    });

    const taken = await api.call("PUT", "/api/me/profile", {
      token,
      body: {
        firstname: "Karel",
        lastname: "Nový",
        username: "sberatel.rumu",
        phonePrefix: "+420",
        phone: "",
      },
    });
    expect(taken.status).toBe(422);
    expect(taken.json).toEqual({
      errors: { username: ["Toto uživatelské jméno už někdo používá. Zvolte si prosím jiné."] },
    });
    const [unchanged] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged.firstname).toBe("Jan");

    const bad = await api.call("PUT", "/api/me/profile", {
      token,
      body: { firstname: "", lastname: "Nový", username: "š!", phonePrefix: "+999", phone: "12a" },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["firstname", "phone", "phonePrefix", "username"]);
    expect(bad.json.errors.firstname).toEqual(["Pole musí být vyplněno"]);

    const saved = await api.call("PUT", "/api/me/profile", {
      token,
      body: {
        firstname: "Karel",
        lastname: "Nový",
        username: "Karel.Novy",
        phonePrefix: "+421",
        phone: "901 234 567",
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({
      firstname: "Karel",
      lastname: "Nový",
      username: "Karel.Novy",
      phone_prefix: "+421",
      phone: "901234567",
    });
    // The other account is untouched.
    const [first] = await api.db.select().from(users).where(eq(users.id, other.user.id));
    expect(first.username).toBe("Sberatel.Rumu");
  });

  it("keeps the verified mark while the phone stays and drops it when the number changes", async () => {
    const { user, token } = await api.createUser();
    const body = { firstname: "Jan", lastname: "Novák", username: user.username, phonePrefix: "+420" };
    await api.call("PUT", "/api/me/profile", { token, body: { ...body, phone: "601 111 222" } });
    const verifiedAt = new Date("2026-10-01T10:00:00Z");
    await api.db.update(users).set({ verifiedAt }).where(eq(users.id, user.id));

    // Saving the same number (typed differently) with a new name keeps the verification.
    const same = await api.call("PUT", "/api/me/profile", {
      token,
      body: { ...body, firstname: "Honza", phone: "601111222" },
    });
    expect(same.status).toBe(200);
    const [kept] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(kept.verifiedAt?.toISOString()).toBe(verifiedAt.toISOString());

    const changed = await api.call("PUT", "/api/me/profile", {
      token,
      body: { ...body, phone: "601 999 888" },
    });
    expect(changed.status).toBe(200);
    const [dropped] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(dropped.verifiedAt).toBeNull();
    expect(dropped.phone).toBe("601999888");
  });
});

describe("addresses", () => {
  it("stores a company's invoice address normalised and refuses a wrong IČO without losing the stored one", async () => {
    const { user, token } = await api.createUser();
    const saved = await api.call("PUT", "/api/me/addresses/invoice", { token, body: COMPANY });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({
      kind: "invoice",
      zip: "120 00",
      countryCode: "CZ",
      isCompany: true,
      company: "Rarita s.r.o.",
      companyId: "25596641",
      taxId: "CZ25596641",
    });
    expect(saved.json.message).toBe("Adresa byla uložena.");

    const wrong = await api.call("PUT", "/api/me/addresses/invoice", {
      token,
      body: { ...COMPANY, city: "Brno", companyId: "25596642", taxId: "CZ12", zip: "1200" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual({
      companyId: ["IČO není platné, zkontrolujte ho prosím."],
      taxId: ["DIČ musí mít tvar CZ a 8 až 10 číslic, např. CZ25596641."],
      zip: ["PSČ musí mít 5 číslic, např. 110 00."],
    });
    const short = await api.call("PUT", "/api/me/addresses/invoice", {
      token,
      headers: { "Accept-Language": "en" },
      body: { ...COMPANY, companyId: "2559664" },
    });
    expect(short.json.errors).toEqual({ companyId: ["The company ID (IČO) must have 8 digits."] });
    const rows = await api.db.select().from(addresses).where(eq(addresses.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ city: "Praha", companyId: "25596641" });

    const read = await api.call("GET", "/api/me/addresses/invoice", { token });
    expect(read.json.data.id).toBe(saved.json.data.id);
  });

  it("requires the address fields, a known country and, for a company, its name and ID", async () => {
    const { token } = await api.createUser();
    const empty = await api.call("PUT", "/api/me/addresses/contact", { token, body: { isCompany: true } });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.json.errors).sort()).toEqual([
      "city",
      "company",
      "companyId",
      "countryCode",
      "name",
      "street",
      "zip",
    ]);
    const unknown = await api.call("PUT", "/api/me/addresses/contact", {
      token,
      body: { ...PERSON, countryCode: "XX", zip: "12345" },
    });
    expect(unknown.json.errors).toEqual({ countryCode: ["Vyberte zemi ze seznamu."] });
    const kind = await api.call("PUT", "/api/me/addresses/office", { token, body: PERSON });
    expect(kind.status).toBe(422);
  });

  it("keeps a private person's company fields empty and accepts other countries' formats", async () => {
    const { token } = await api.createUser();
    const person = await api.call("PUT", "/api/me/addresses/contact", {
      token,
      body: { ...PERSON, company: "Ignored", companyId: "123" },
    });
    expect(person.json.data).toMatchObject({ isCompany: false, company: null, companyId: null, taxId: null });
    const german = await api.call("PUT", "/api/me/addresses/invoice", {
      token,
      body: {
        ...COMPANY,
        zip: "10115",
        countryCode: "de",
        companyId: "HRB 12345 (Köln)",
        taxId: "DE123456789",
      },
    });
    expect(german.status).toBe(422);
    expect(german.json.errors).toEqual({
      companyId: ["Zadejte identifikační číslo firmy (písmena a číslice)."],
    });
    const fixed = await api.call("PUT", "/api/me/addresses/invoice", {
      token,
      body: { ...COMPANY, zip: "10115", countryCode: "de", companyId: "HRB12345", taxId: "DE123456789" },
    });
    expect(fixed.json.data).toMatchObject({ zip: "10115", countryCode: "DE", taxId: "DE123456789" });
    const all = await api.call("GET", "/api/me/addresses", { token });
    expect(all.json.data.contact.city).toBe("Brno");
    expect(all.json.data.invoice.countryCode).toBe("DE");
    expect(all.json.data.delivery).toBeNull();

    const removed = await api.call("DELETE", "/api/me/addresses/invoice", { token });
    expect(removed.json).toEqual({ success: true, message: "Adresa byla odstraněna." });
    expect((await api.call("GET", "/api/me/addresses/invoice", { token })).status).toBe(404);
    expect((await api.call("DELETE", "/api/me/addresses/invoice", { token })).status).toBe(404);
  });

  it("never lets one account read or change another's address", async () => {
    const owner = await api.createUser();
    const intruder = await api.createUser();
    const own = await api.call("PUT", "/api/me/addresses/invoice", { token: owner.token, body: COMPANY });
    const ownerAddressId = own.json.data.id as number;
    const before = await api.db.select().from(addresses).orderBy(addresses.id);

    const put = await api.call("PUT", "/api/me/addresses/invoice", {
      token: intruder.token,
      body: { ...PERSON, id: ownerAddressId },
    });
    expect(put.status).toBe(404);
    expect(put.json).toEqual({ message: "Adresa nebyla nalezena." });
    const del = await api.call("DELETE", `/api/me/addresses/invoice?id=${ownerAddressId}`, {
      token: intruder.token,
    });
    expect(del.status).toBe(404);
    // The owner's own id under another kind is not that row either.
    const otherKind = await api.call("PUT", "/api/me/addresses/contact", {
      token: owner.token,
      body: { ...PERSON, id: ownerAddressId },
    });
    expect(otherKind.status).toBe(404);
    expect(await api.db.select().from(addresses).orderBy(addresses.id)).toEqual(before);

    // Reads answer with the caller's own data only.
    expect((await api.call("GET", "/api/me/addresses/invoice", { token: intruder.token })).status).toBe(404);
    const profile = await api.call("GET", "/api/me/profile", { token: intruder.token });
    expect(profile.json.data.id).toBe(intruder.user.id);
    const exported = await api.call("GET", "/api/me/export", { token: intruder.token });
    expect(exported.json.addresses).toEqual([]);
    expect(exported.text).not.toContain(owner.user.email);

    // The owner can still edit the row by its id.
    const edit = await api.call("PUT", "/api/me/addresses/invoice", {
      token: owner.token,
      body: { ...COMPANY, id: ownerAddressId, city: "Plzeň" },
    });
    expect(edit.status).toBe(200);
    expect(edit.json.data).toMatchObject({ id: ownerAddressId, city: "Plzeň" });
  });

  it("says in its own words when the database refuses to store or delete an address, and keeps the stored one", async () => {
    const { token } = await api.createUser();
    expect((await api.call("PUT", "/api/me/addresses/invoice", { token, body: COMPANY })).status).toBe(200);
    // A real failure of the database for this table only: every write to addresses raises.
    await api.db.execute(sql`create function addresses_refuse() returns trigger language plpgsql as $$
      begin raise exception 'addresses are read-only'; end $$`);
    await api.db.execute(
      sql`create trigger addresses_refuse before insert or update or delete on addresses for each row execute function addresses_refuse()`,
    );
    try {
      const save = await api.call("PUT", "/api/me/addresses/invoice", { token, body: PERSON });
      expect(save.status).toBe(503);
      expect(save.json).toEqual({
        message: "Adresu se nepodařilo uložit. Zkuste to prosím za chvíli znovu.",
      });
      const remove = await api.call("DELETE", "/api/me/addresses/invoice", {
        token,
        headers: { "Accept-Language": "en" },
      });
      expect(remove.status).toBe(503);
      expect(remove.json).toEqual({
        message: "The address could not be deleted. Please try again in a moment.",
      });
    } finally {
      await api.db.execute(sql`drop trigger addresses_refuse on addresses`);
      await api.db.execute(sql`drop function addresses_refuse()`);
    }
    const kept = await api.call("GET", "/api/me/addresses/invoice", { token });
    expect(kept.json).toMatchObject({ data: { company: "Rarita s.r.o.", companyId: "25596641" } });
  });

  it("saves the page's pair all or nothing; 'same as contact' removes the invoice address", async () => {
    const { user } = await api.createUser();
    const service = api.services.accountData;
    const refused = await service.saveContactAndInvoice(user.id, {
      contact: PERSON,
      invoice: { ...COMPANY, companyId: "12345678" },
    });
    expect(said(refused)).toMatchObject({
      status: "invalid",
      errors: { "invoice.companyId": ["IČO není platné, zkontrolujte ho prosím."] },
    });
    expect(await api.db.select().from(addresses).where(eq(addresses.userId, user.id))).toEqual([]);
    expect(await service.saveContactAndInvoice(user.id, { contact: PERSON, invoice: COMPANY })).toEqual(ok());
    expect((await service.addresses(user.id)).invoice?.companyId).toBe("25596641");
    await service.saveContactAndInvoice(user.id, { contact: PERSON, invoice: null });
    const after = await service.addresses(user.id);
    expect(after.invoice).toBeNull();
    expect(after.contact?.city).toBe("Brno");
  });
});

describe("e-mail change", () => {
  it("never tells the requester that the new address has an account: same answer, its owner is told instead", async () => {
    const { user, token, password } = await api.createUser();
    const owner = await api.createUser({ locale: "en" });
    const freshEmail = `volna-${user.id}@example.cz`;
    const ask = async (email: string) => {
      const before = api.sentMail.length;
      const response = await api.call("POST", "/api/me/email", {
        token,
        body: { email, currentPassword: password },
      });
      const profile = await api.call("GET", "/api/me/profile", { token });
      await api.deliverMail();
      return { response, pending: profile.json.data.pending_email, mails: api.sentMail.slice(before) };
    };
    const taken = await ask(owner.user.email.toUpperCase());
    const fresh = await ask(freshEmail);
    expect(taken.response.status).toBe(fresh.response.status);
    expect(Object.keys(taken.response.json)).toEqual(Object.keys(fresh.response.json));
    expect(taken.response.json.pending_email).toBe(owner.user.email.toUpperCase());
    expect(taken.pending).toBe(owner.user.email.toUpperCase());
    expect(fresh.pending).toBe(freshEmail);
    // The requester's current address gets the same notice either way.
    expect(taken.mails.filter((m) => m.to === user.email).map((m) => m.subject)).toEqual([
      "Změna e-mailu vašeho účtu",
    ]);
    // The owner of the taken address gets a warning in their language, without any link to confirm.
    const warning = taken.mails.find((m) => m.to === owner.user.email)!;
    expect(warning.subject).toBe("Someone tried to use your e-mail address");
    expect(warning.text).not.toContain("confirm-email");
    expect(warning.text).not.toContain("potvrzeni-emailu");
    expect(fresh.mails.find((m) => m.to === freshEmail)?.subject).toBe("Potvrďte novou e-mailovou adresu");
    const [row] = await api.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row.email).toBe(owner.user.email);
  });

  it("keeps the old address until the link sent to the new one is opened", async () => {
    const { user, token, password } = await api.createUser();
    const newEmail = `nova-${user.id}@example.cz`;

    const wrong = await api.call("POST", "/api/me/email", {
      token,
      body: { email: newEmail, currentPassword: "spatne-heslo" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual({ currentPassword: ["Zadané heslo není správné."] });
    const invalid = await api.call("POST", "/api/me/email", {
      token,
      body: { email: "x", currentPassword: "" },
    });
    expect(invalid.json.errors).toEqual({
      email: ["Pole musí obsahovat platný email."],
      currentPassword: ["Pole musí být vyplněno"],
    });

    const mailsBefore = api.sentMail.length;
    const asked = await api.call("POST", "/api/me/email", {
      token,
      body: { email: newEmail, currentPassword: password },
    });
    expect(asked.status).toBe(202);
    expect(asked.json.pending_email).toBe(newEmail);
    await api.deliverMail();
    const sent = api.sentMail.slice(mailsBefore);
    const confirm = sent.find((m) => m.to === newEmail)!;
    const notice = sent.find((m) => m.to === user.email)!;
    expect(confirm.subject).toBe("Potvrďte novou e-mailovou adresu");
    expect(notice.subject).toBe("Změna e-mailu vašeho účtu");
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain("potvrzeni-emailu");

    // Until the link is opened: the old address logs in, the profile shows the pending one.
    const profile = await api.call("GET", "/api/me/profile", { token });
    expect(profile.json.data).toMatchObject({ email: user.email, pending_email: newEmail });
    expect(
      (await api.call("POST", "/api/auth/login", { body: { email: user.email, password } })).status,
    ).toBe(200);

    const link = confirm.text.match(/\/potvrzeni-emailu\/(\S+)/)![1];
    expect(await api.services.accounts.emailConfirmation.confirm(link)).toEqual(ok({ email: newEmail }));
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.email).toBe(newEmail);
    expect(row.emailConfirmedAt).not.toBeNull();
    expect(
      (await api.call("POST", "/api/auth/login", { body: { email: user.email, password } })).status,
    ).toBe(422);
    expect((await api.call("POST", "/api/auth/login", { body: { email: newEmail, password } })).status).toBe(
      200,
    );
    expect((await api.call("GET", "/api/me/profile", { token })).json.data.pending_email).toBeNull();
  });

  it("lets only the newest request switch the address", async () => {
    const { user, token, password } = await api.createUser();
    const before = api.sentMail.length;
    for (const email of [`prvni-${user.id}@example.cz`, `druha-${user.id}@example.cz`]) {
      await api.call("POST", "/api/me/email", { token, body: { email, currentPassword: password } });
    }
    await api.deliverMail();
    const links = api.sentMail
      .slice(before)
      .filter((m) => m.subject === "Potvrďte novou e-mailovou adresu")
      .map((m) => m.text.match(/\/potvrzeni-emailu\/(\S+)/)![1]);
    expect(links).toHaveLength(2);
    expect(await api.services.accounts.emailConfirmation.confirm(links[0])).toEqual(err("used"));
    expect((await api.services.accounts.emailConfirmation.confirm(links[1])).ok).toBe(true);
    // An ordinary confirmation link for another address never switches it.
    const stale = await api.services.accounts.emailConfirmation.createLink(
      user.id,
      `jina-${user.id}@example.cz`,
    );
    expect(await api.services.accounts.emailConfirmation.confirm(stale.split("/").at(-1)!)).toEqual(
      err("invalid"),
    );
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.email).toBe(`druha-${user.id}@example.cz`);
  });

  it("takes the newsletter subscription along to the new address", async () => {
    const { user, token, password } = await api.createUser();
    const confirmedAt = new Date("2026-09-01T08:00:00Z");
    await api.db.insert(subscribers).values([
      { email: user.email, userId: user.id, selectedCategories: [categoryId], confirmedAt },
      // The new address's own stale row (unsubscribed long ago) gives way to the account's active one.
      { email: `Nova-Schranka-${user.id}@example.cz`, confirmedAt, unsubscribedAt: confirmedAt },
    ]);
    const newEmail = `nova-schranka-${user.id}@example.cz`;
    const before = api.sentMail.length;
    await api.call("POST", "/api/me/email", { token, body: { email: newEmail, currentPassword: password } });
    await api.deliverMail();
    const link = api.sentMail
      .slice(before)
      .find((m) => m.to === newEmail)!
      .text.match(/\/potvrzeni-emailu\/(\S+)/)![1];
    expect((await api.services.accounts.emailConfirmation.confirm(link)).ok).toBe(true);

    const rows = await api.db
      .select()
      .from(subscribers)
      .where(sql`lower(${subscribers.email}) in (lower(${user.email}), lower(${newEmail}))`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: newEmail,
      userId: user.id,
      selectedCategories: [categoryId],
      unsubscribedAt: null,
    });
    expect(rows[0].confirmedAt?.toISOString()).toBe(confirmedAt.toISOString());
    // The newsletter page of the account reads it under the new address.
    const page = await api.call("GET", "/api/subscriber/get", { token });
    expect(page.status).toBe(200);
    expect(page.json).toEqual({ selectedCategories: [categoryId] });
  });
});

describe("avatar", () => {
  it("stores a square WebP without EXIF under a random name and removes the previous file", async () => {
    const { user, token } = await api.createUser();
    const withExif = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#1f4f55" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Tajne GPS" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();

    const first = await upload(token, withExif, "foto.jpg", "image/jpeg");
    expect(first.status).toBe(200);
    expect(first.json.message).toBe("Profilová fotka byla uložena.");
    const name = first.json.data.avatar_file_name as string;
    expect(name).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(first.json.data.avatar_url).toBe(`/uploads/avatars/${name}`);
    const file = path.join(api.config.dataDir, "uploads", "avatars", name);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    // The header reads the user through the session: it sees the new picture.
    expect((await api.call("GET", "/api/me", { token })).json.data.avatar_file_name).toBe(name);

    const second = await upload(token, await png());
    expect(second.status).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.avatarFileName).toBe(second.json.data.avatar_file_name);

    const removed = await api.call("DELETE", "/api/me/avatar", { token });
    expect(removed.status).toBe(200);
    expect(fs.existsSync(path.join(api.config.dataDir, "uploads", "avatars", row.avatarFileName!))).toBe(
      false,
    );
    expect((await api.call("GET", "/api/me/profile", { token })).json.data.avatar_url).toBeNull();
  });

  it("refuses SVG, a renamed text file, a GIF and a missing file by content", async () => {
    const { user, token } = await api.createUser();
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    for (const [bytes, name, type] of [
      [svg, "a.svg", "image/svg+xml"],
      [svg, "a.png", "image/png"],
      [new TextEncoder().encode("just text"), "a.png", "image/png"],
      [gif, "a.gif", "image/gif"],
    ] as const) {
      const refused = await upload(token, bytes, name, type);
      expect(refused.status, name).toBe(422);
      expect(refused.json).toEqual({
        errors: { avatar: ["Nahrajte obrázek ve formátu JPEG, PNG nebo WebP."] },
      });
    }
    const response = await api.app.request("/api/me/avatar", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: new FormData(),
    });
    expect(response.status).toBe(422);
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.avatarFileName).toBeNull();
  });

  it("refuses files over the size limit with a translated message", async () => {
    expect(await renderAvatar(new Uint8Array(AVATAR_MAX_BYTES + 1))).toEqual({ problem: "tooLarge" });
    const { user } = await api.createUser();
    const result = await api.services.accountData.setAvatar(user.id, new Uint8Array(AVATAR_MAX_BYTES + 1));
    expect(said(result, "ok", "en")).toMatchObject({
      status: "invalid",
      errors: { avatar: ["The image is larger than 5 MB."] },
    });
    // Through the API, the /api body limit answers first.
    const { token } = await api.createUser();
    const big = await upload(token, new Uint8Array(2 * 1024 * 1024));
    expect(big.status).toBe(413);
  });
});

describe("password change", () => {
  it("checks the current password and the registration's rules, then ends the other sessions", async () => {
    const { user, token, password } = await api.createUser();
    const otherSession = (
      await api.call("POST", "/api/auth/login", { body: { email: user.email, password } })
    ).json.token as string;
    const bystander = await api.createUser();

    const wrong = await api.call("POST", "/api/me/password", {
      token,
      body: {
        currentPassword: "nic",
        password: "Nove heslo pro sbirku",
        passwordConfirmation: "Nove heslo pro sbirku",
      },
    });
    expect(wrong.json.errors).toEqual({ currentPassword: ["Zadané heslo není správné."] });
    const weak = await api.call("POST", "/api/me/password", {
      token,
      body: { currentPassword: password, password: "password1", passwordConfirmation: "jine" },
    });
    expect(weak.status).toBe(422);
    expect(Object.keys(weak.json.errors).sort()).toEqual(["password", "passwordConfirmation"]);
    expect(weak.json.errors.passwordConfirmation).toEqual(["Toto pole je nutné potvrdit."]);

    const changed = await api.call("POST", "/api/me/password", {
      token,
      body: {
        currentPassword: password,
        password: "Nove heslo pro sbirku",
        passwordConfirmation: "Nove heslo pro sbirku",
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.message).toBe(
      "Heslo bylo změněno. Přihlášení na ostatních zařízeních jsme ukončili.",
    );
    expect((await api.call("GET", "/api/me", { token })).status).toBe(200);
    expect((await api.call("GET", "/api/me", { token: otherSession })).status).toBe(401);
    expect((await api.call("GET", "/api/me", { token: bystander.token })).status).toBe(200);
    expect(
      (await api.call("POST", "/api/auth/login", { body: { email: user.email, password } })).status,
    ).toBe(422);
    const login = await api.call("POST", "/api/auth/login", {
      body: { email: user.email, password: "Nove heslo pro sbirku" },
    });
    expect(login.status).toBe(200);
  });
});

describe("export and deletion", () => {
  async function auction(sellerId: number, status: "active" | "draft" | "ended" = "active") {
    return insertProduct(api.db, {
      categoryId,
      format: "auction",
      status,
      sellerId,
      startPriceMinor: 10_000,
      priceMinor: null,
    });
  }

  it("exports the user's data as a JSON download without secrets", async () => {
    const { user, token } = await api.createUser();
    const seller = await api.createUser();
    const product = await auction(seller.user.id);
    await api.db.insert(bids).values({ productId: product.id, userId: user.id, amountMinor: 12_000 });
    const [list] = await api.db.insert(wishlists).values({ userId: user.id }).returning();
    await api.db
      .insert(wishlistItems)
      .values({ wishlistId: list.id, productId: product.id, note: "Na narozeniny" });
    await api.call("PUT", "/api/me/addresses/invoice", { token, body: COMPANY });

    const response = await api.call("GET", "/api/me/export", { token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="rarita-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const data = response.json;
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, firstname: "Jan" });
    expect(data.addresses[0]).toMatchObject({ kind: "invoice", companyId: "25596641" });
    expect(data.bids).toEqual([expect.objectContaining({ productId: product.id, amountMinor: 12_000 })]);
    expect(data.wishlist).toEqual([
      expect.objectContaining({ productId: product.id, note: "Na narozeniny" }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(Object.keys(data.sessions[0]).sort()).toEqual([
      "createdAt",
      "expiresAt",
      "ip",
      "lastUsedAt",
      "revokedAt",
      "userAgent",
    ]);
    for (const key of [
      "messagesSent",
      "listings",
      "reviews",
      "newsletterSubscriptions",
      "orders",
      "watchdogs",
    ])
      expect(Array.isArray(data[key]), key).toBe(true);
    expect(response.text).not.toContain(user.passwordHash);
    expect(response.text).not.toMatch(/tokenHash|passwordHash|token_hash/);

    // The API document names every section the file has (the deals', the disputes' photos…).
    const document = (await api.call("GET", "/api/openapi.json")).json;
    const described: string = document.paths["/me/export"].get.description;
    const sections = Object.keys(data);
    expect(sections).toEqual(expect.arrayContaining(["deals", "disputePhotos", "strikeReviews"]));
    for (const section of sections) expect(described, section).toContain(`\`${section}\``);
  });

  it("refuses while the account sells or leads a running auction, then anonymises it", async () => {
    const { user, token, password } = await api.createUser({ phone: "601234567" });
    const seller = await api.createUser();
    const selling = await auction(user.id);
    const draft = await auction(user.id, "draft");
    const leading = await auction(seller.user.id);
    await api.db.insert(bids).values({ productId: leading.id, userId: user.id, amountMinor: 15_000 });
    // The bidding service keeps the leader on the auction's row.
    await api.db.update(products).set({ leaderId: user.id }).where(eq(products.id, leading.id));
    await api.call("PUT", "/api/me/addresses/contact", { token, body: PERSON });
    const avatar = await upload(token, await png());

    const wrong = await api.call("DELETE", "/api/me", { token, body: { password: "spatne" } });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual({ password: ["Zadané heslo není správné."] });

    const blocked = await api.call("DELETE", "/api/me", { token, body: { password } });
    expect(blocked.status).toBe(422);
    expect(blocked.json.errors.form).toEqual([
      "Probíhající aukce, které prodáváte: 1. Účet lze smazat, až skončí.",
      "Probíhající aukce, ve kterých vedete: 1. Příhoz je závazný, účet lze smazat, až tyto aukce skončí.",
    ]);
    expect((await api.call("GET", "/api/me", { token })).status).toBe(200);

    // The auctions end (another bidder overtakes; the own auction closes).
    await api.db.update(products).set({ status: "ended" }).where(eq(products.id, selling.id));
    const outbid = await api.createUser();
    await api.db.insert(bids).values({ productId: leading.id, userId: outbid.user.id, amountMinor: 20_000 });
    await api.db.update(products).set({ leaderId: outbid.user.id }).where(eq(products.id, leading.id));

    const deleted = await api.call("DELETE", "/api/me", { token, body: { password } });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ success: true, message: "Účet byl smazán." });

    expect((await api.call("GET", "/api/me", { token })).status).toBe(401);
    expect(
      (await api.call("POST", "/api/auth/login", { body: { email: user.email, password } })).status,
    ).toBe(422);
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row.deletedAt).not.toBeNull();
    expect(row.email).toMatch(/^deleted-\d+-[0-9a-f]+@deleted\.invalid$/);
    expect(row.username).toBe(`smazany-${user.id}`);
    expect(row).toMatchObject({ firstname: null, lastname: null, phone: null, avatarFileName: null });
    expect(await api.db.select().from(addresses).where(eq(addresses.userId, user.id))).toEqual([]);
    const open = await api.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id)));
    expect(open.every((s) => s.revokedAt !== null && s.ip === null && s.userAgent === null)).toBe(true);
    expect(
      fs.existsSync(path.join(api.config.dataDir, "uploads", "avatars", avatar.json.data.avatar_file_name)),
    ).toBe(false);
    // History stays: bids and listings keep pointing at the anonymised account.
    expect(await api.db.select().from(bids).where(eq(bids.userId, user.id))).toHaveLength(1);
    const [cancelled] = await api.db.select().from(products).where(eq(products.id, draft.id));
    expect(cancelled.status).toBe("cancelled");
    const [change] = await api.db
      .select()
      .from(productStatusChanges)
      .where(eq(productStatusChanges.productId, draft.id));
    expect(change).toMatchObject({ fromStatus: "draft", toStatus: "cancelled", reason: "account_deleted" });
    // The freed e-mail can register again.
    await api.createUser({ email: user.email });
  });
});
