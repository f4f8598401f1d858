import { addMonths, subDays } from "date-fns";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AresSimulator, startAresSimulator } from "#server/adapters/ares/simulator/server.ts";
import { FEES } from "#server/db/seed/settings-data.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory } from "#server/test/fixtures.ts";
import { auditLog } from "../admin/tables.ts";
import { packages } from "../catalog/tables.ts";
import { settings } from "../settings/tables.ts";
import { createTradersPersonalData, eraseEndedDeclarations } from "./retention.ts";
import { sellerDeclarations } from "./tables.ts";

/**
 * The seller's declaration on a real database, checked against the ARES simulator over HTTP, and
 * the listings' publishing gate it is: a wrong IČO checksum, an IČO ARES does not know and a
 * ceased company are refused; a complete verified trader and a private person may publish; an
 * undeclared or suspended seller may not. Erased accounts' trader data go 6 months later.
 */

let api: TestApi;
let simulator: AresSimulator;
let tree: { root: number; leaf: number };
let bottle: number;
type Account = Awaited<ReturnType<typeof insertBidders>>[number];

beforeAll(async () => {
  simulator = await startAresSimulator();
  api = await createTestApi({ ARES_URL: simulator.url });
  await api.db.insert(settings).values({ name: "fees", locale: null, value: FEES });
  const root = await insertCategory(api.db, { depth: 1, nameCs: "Alkohol", slugCs: "alkohol" });
  const leaf = await insertCategory(api.db, { depth: 2, parentId: root.id, nameCs: "Rum", slugCs: "rum" });
  tree = { root: root.id, leaf: leaf.id };
  [{ id: bottle }] = await api.db
    .insert(packages)
    .values({ nameCs: "Láhev 0,7 l", nameEn: "Bottle 0.7 l" })
    .returning({ id: packages.id });
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
  await simulator?.stop();
});

/** A fresh verified account without a declaration (verified: the free quota never interferes). */
async function undeclared(): Promise<Account> {
  const [account] = await insertBidders(api.db, 1, { verifiedAt: new Date() }, { seller: null });
  return account;
}

async function photoToken(account: Account) {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8a2be2" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new File([new Uint8Array(png)], "photo.png", { type: "image/png" }));
  const response = await api.app.request("/api/me/advertisements/images", {
    method: "POST",
    headers: { Accept: "application/json", Authorization: `Bearer ${account.token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Submits a valid classified for publication through the listings API. */
async function publish(account: Account) {
  return api.call("POST", "/api/me/advertisements?lang=cs", {
    token: account.token,
    body: {
      type: "supply",
      format: "classified",
      categoryId: tree.root,
      subcategoryId: tree.leaf,
      brand: "",
      packageId: bottle,
      name: "Plantation XO",
      priceMinor: 150_000,
      description: "Láhev v perfektním stavu, hladina do hrdla.",
      images: [await photoToken(account)],
      duration: "week",
    },
  });
}

const TRADER = {
  intent: "trader",
  name: "Vinotéka U Sudu s.r.o.",
  street: "Vinohradská 1511/230",
  city: "Praha",
  zip: "10000",
  phone: "+420 777 123 456",
  email: "obchod@usudu.test",
  registerName: "obchodní rejstřík vedený Městským soudem v Praze",
  registerNumber: "C 112233",
  ico: "27483916",
  paymentAccount: "19-2000145399/0800",
  selfCertification: "on",
};

describe("the seller's declaration and the publishing gate", () => {
  it("refuses an undeclared seller, lets a private person publish", async () => {
    const account = await undeclared();
    const refused = await publish(account);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/soukromá osoba, nebo jako obchodník/);
    const declared = await api.services.traders.declare(account.user.id, { intent: "private" });
    expect(declared.ok).toBe(true);
    expect((await publish(account)).status).toBe(201);
    expect(await api.services.traders.publicSellerOf(account.user.id)).toEqual({ kind: "private" });
  });

  it("refuses an IČO with a wrong check digit without storing anything", async () => {
    const account = await undeclared();
    const result = await api.services.traders.declare(account.user.id, { ...TRADER, ico: "27483917" });
    expect(result).toMatchObject({ ok: false, code: "invalid" });
    if (!result.ok && result.code === "invalid")
      expect(result.details.ico).toEqual([{ key: "traders.errors.icoChecksum" }]);
    expect(await api.services.traders.declarationOf(account.user.id)).toBeNull();
    expect((await publish(account)).status).toBe(403);
  });

  it("keeps a trader whom ARES does not know, or whose company ceased, from publishing", async () => {
    for (const [ico, check] of [
      ["12345679", "not_found"],
      ["08701156", "ceased"],
    ] as const) {
      const account = await undeclared();
      const result = await api.services.traders.declare(account.user.id, { ...TRADER, ico });
      expect(result.ok && result.value.aresCheck).toBe(check);
      const view = await api.services.traders.declarationOf(account.user.id);
      // Nothing typed is lost: the data stay for the trader to correct.
      expect(view?.trader?.name).toBe(TRADER.name);
      expect(view?.gaps).toEqual(["aresCheck"]);
      const refused = await publish(account);
      expect(refused.status).toBe(403);
      expect(refused.json.message).toMatch(/ověřeným v ARES/);
    }
  });

  it("lets a complete trader verified in ARES publish and shows the trader's details", async () => {
    const account = await undeclared();
    const result = await api.services.traders.declare(account.user.id, TRADER);
    expect(result.ok && result.value.aresCheck).toBe("verified");
    expect((await publish(account)).status).toBe(201);
    const shown = await api.services.traders.publicSellerOf(account.user.id);
    expect(shown).toMatchObject({
      kind: "trader",
      name: "Vinotéka U Sudu s.r.o.",
      address: "Vinohradská 1511/230, 100 00 Praha",
      ico: "27483916",
      registerNumber: "C 112233",
      email: "obchod@usudu.test",
      phone: "+420 777 123 456",
    });
    const kinds = await api.services.traders.sellerKindsOf([account.user.id]);
    expect(kinds.get(account.user.id)?.kind).toBe("trader");
    expect(kinds.get(account.user.id)?.aresVerifiedAt).toBeInstanceOf(Date);
    const [row] = await api.db
      .select()
      .from(sellerDeclarations)
      .where(eq(sellerDeclarations.userId, account.user.id));
    // The Czech account number is stored as its IBAN.
    expect(row.paymentAccount).toBe("CZ6508000000192000145399");
  });

  it("prefills the name and address from ARES", async () => {
    const account = await undeclared();
    const found = await api.services.traders.aresPrefill(account.user.id, { ico: "05144272" });
    expect(found.ok && found.value.check === "verified" && found.value.subject).toMatchObject({
      name: "Tabák & Doutníky Brno s.r.o.",
      address: { street: "Masarykova 427/31", city: "Brno", zip: "60200" },
    });
  });

  it("keeps a suspended trader from publishing until staff lift it, telling the trader both times", async () => {
    const account = await undeclared();
    await api.services.traders.declare(account.user.id, TRADER);
    const [staff] = await insertBidders(api.db, 1, { role: "moderator" });
    const by = { actorId: staff.user.id, ip: null };
    expect(await api.services.traders.admin.suspend(account.user.id, "krátce", by)).toMatchObject({
      code: "invalid",
    });
    const reasons = "Uvedená adresa sídla neodpovídá skutečnosti, obchodník neodpovídá na výzvy.";
    expect((await api.services.traders.admin.suspend(account.user.id, reasons, by)).ok).toBe(true);
    const refused = await publish(account);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/pozastavil/);
    const listed = await api.services.traders.admin.list("suspended");
    expect(listed.find((row) => row.userId === account.user.id)?.suspension?.reasons).toBe(reasons);
    expect((await api.services.traders.admin.reinstate(account.user.id, by)).ok).toBe(true);
    expect((await publish(account)).status).toBe(201);
  });

  it("lists traders with missing or unverified data with what is missing, and re-checks them", async () => {
    const account = await undeclared();
    await api.services.traders.declare(account.user.id, { ...TRADER, ico: "12345679" });
    const [staff] = await insertBidders(api.db, 1, { role: "moderator" });
    const row = (await api.services.traders.admin.list("unverified")).find(
      (r) => r.userId === account.user.id,
    );
    expect(row).toMatchObject({ kind: "trader", aresCheck: "not_found", gaps: ["aresCheck"] });
    const rechecked = await api.services.traders.admin.recheck(account.user.id, {
      actorId: staff.user.id,
      ip: null,
    });
    expect(rechecked.ok && rechecked.value.aresCheck).toBe("not_found");
  });
});

describe("retention of trader data", () => {
  it("keeps an erased account's trader data 6 months, then the daily job deletes them", async () => {
    const account = await undeclared();
    await api.services.traders.declare(account.user.id, TRADER);
    const deletedAt = new Date();
    const source = createTradersPersonalData(api.db);
    const exported = await source.exportFor({ userId: account.user.id, email: account.user.email });
    expect(exported.sellerDeclaration).toMatchObject({ ico: "27483916", kind: "trader" });
    await api.db.transaction((tx) =>
      source.eraseFor(tx, { userId: account.user.id, email: account.user.email, at: deletedAt }),
    );
    // Gone from the pages at once, kept for a buyer's claim.
    expect(await api.services.traders.publicSellerOf(account.user.id)).toBeNull();
    const stillThere = () =>
      api.db.select().from(sellerDeclarations).where(eq(sellerDeclarations.userId, account.user.id));
    await eraseEndedDeclarations(api.db, subDays(addMonths(deletedAt, 6), 1));
    expect(await stillThere()).toHaveLength(1);
    await eraseEndedDeclarations(api.db, addMonths(deletedAt, 7));
    expect(await stillThere()).toHaveLength(0);
  });

  it("deletes a private person's declaration with the account", async () => {
    const account = await undeclared();
    await api.services.traders.declare(account.user.id, { intent: "private" });
    const source = createTradersPersonalData(api.db);
    await api.db.transaction((tx) =>
      source.eraseFor(tx, { userId: account.user.id, email: account.user.email, at: new Date() }),
    );
    expect(
      await api.db.select().from(sellerDeclarations).where(eq(sellerDeclarations.userId, account.user.id)),
    ).toHaveLength(0);
  });
});

describe("who may change a declaration", () => {
  it("lets each seller read and change only their own declaration over the API", async () => {
    expect((await api.call("GET", "/api/me/seller-declaration")).status).toBe(401);
    expect(
      (await api.call("PUT", "/api/me/seller-declaration", { body: { intent: "private" } })).status,
    ).toBe(401);
    const owner = await api.createUser({ emailConfirmedAt: new Date() }, undefined, { seller: null });
    const other = await api.createUser({ emailConfirmedAt: new Date() }, undefined, { seller: null });
    const saved = await api.call("PUT", "/api/me/seller-declaration", {
      token: owner.token,
      body: { ...TRADER, selfCertification: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.aresCheck).toBe("verified");
    expect(
      (await api.call("GET", "/api/me/seller-declaration", { token: owner.token })).json.declaration,
    ).toMatchObject({ kind: "trader", trader: { ico: "27483916" } });
    // The other account sees its own (none), and its save changes only itself.
    expect(
      (await api.call("GET", "/api/me/seller-declaration", { token: other.token })).json.declaration,
    ).toBeNull();
    await api.call("PUT", "/api/me/seller-declaration", { token: other.token, body: { intent: "private" } });
    expect((await api.services.traders.declarationOf(owner.user.id))?.kind).toBe("trader");
    const unknown = await api.call("PUT", "/api/me/seller-declaration", {
      token: owner.token,
      body: { ...TRADER, ico: "12345679", selfCertification: true },
    });
    expect(unknown.json.message).toBe("ARES subjekt s tímto IČO nezná. Zkontrolujte IČO.");
  });

  it("lets only staff with the users scope suspend and lift a suspension, audited", async () => {
    const seller = await undeclared();
    await api.services.traders.declare(seller.user.id, TRADER);
    const path = `/api/admin/traders/${seller.user.id}/suspension`;
    const body = { reasons: "Údaje o sídle jsou nepravdivé, obchodník na výzvu neodpověděl." };
    const plain = await api.createUser();
    const editor = await api.createUser({ role: "editor" });
    const moderator = await api.createUser({ role: "moderator" });
    expect((await api.call("POST", path, { body })).status).toBe(401);
    expect((await api.call("POST", path, { token: plain.token, body })).status).toBe(403);
    expect((await api.call("POST", path, { token: editor.token, body })).status).toBe(403);
    expect((await api.services.traders.declarationOf(seller.user.id))?.status).toBe("active");
    expect((await api.call("POST", path, { token: moderator.token, body })).status).toBe(200);
    expect((await api.services.traders.declarationOf(seller.user.id))?.suspension?.reasons).toBe(
      body.reasons,
    );
    const listed = await api.call("GET", "/api/admin/traders?filter=suspended", { token: moderator.token });
    expect((listed.json.data as { userId: number }[]).some((row) => row.userId === seller.user.id)).toBe(
      true,
    );
    expect((await api.call("DELETE", path, { token: editor.token })).status).toBe(403);
    expect((await api.call("DELETE", path, { token: moderator.token })).status).toBe(200);
    expect((await api.services.traders.declarationOf(seller.user.id))?.status).toBe("active");
    const audit = await api.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(seller.user.id)));
    expect(audit).toEqual([
      { action: "trader.suspend", actorId: moderator.user.id },
      { action: "trader.reinstate", actorId: moderator.user.id },
    ]);
  });
});
