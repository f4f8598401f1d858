import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { auditLog } from "../admin/tables.ts";
import { solveAltcha } from "../auth/altcha.ts";
import { packages } from "../catalog/tables.ts";
import { products } from "../listings/tables/products.ts";
import { messages } from "../messages/tables.ts";
import { reviewReports, reviews } from "../reviews/tables.ts";
import { users } from "../users/tables.ts";
import { moderationComplaints, moderationDecisions, moderationReports } from "./tables.ts";

/**
 * Moderation on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): notices from guests
 * and users, decisions with statements of reasons, complaints decided by someone else, reversal,
 * suspension, pre-moderation with its approved and rejected notices.
 */

let api: TestApi;
type Account = Awaited<ReturnType<typeof insertBidders>>[number];
let seller: Account;
let moderator: { user: { id: number }; token: string };
let moderator2: { user: { id: number }; token: string };
let category: number;
let held: number;
let box: number;
let heldChild: number;

const statement = {
  facts: "Inzerát nabízí padělanou láhev.",
  reasons: "Prodej padělků podmínky zakazují.",
  termsSection: "counterfeits",
};

beforeAll(async () => {
  api = await createTestApi();
  category = (await insertCategory(api.db, { depth: 1, nameCs: "Rum", slugCs: "rum" })).id;
  held = (
    await insertCategory(api.db, { depth: 1, nameCs: "Doutníky", slugCs: "doutniky", premoderated: true })
  ).id;
  heldChild = (await insertCategory(api.db, { depth: 2, parentId: held, nameCs: "Kuba", slugCs: "kuba" })).id;
  [{ id: box }] = await api.db.insert(packages).values({ nameCs: "Krabička" }).returning({ id: packages.id });
  [seller] = await insertBidders(api.db, 1, { verifiedAt: new Date() });
  moderator = await api.createUser({ role: "moderator" });
  moderator2 = await api.createUser({ role: "moderator" });
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

const live = (name = "Padělek") =>
  insertProduct(api.db, {
    categoryId: category,
    sellerId: seller.user.id,
    nameCs: name,
    format: "classified",
    priceMinor: 1000,
  });

async function proof() {
  const { json } = await api.call("GET", "/api/reports/challenge");
  return solveAltcha(json.challenge);
}

async function delivered() {
  api.sentMail.length = 0;
  await api.deliverMail();
  return [...api.sentMail];
}

const status = async (id: number) =>
  (await api.db.select({ status: products.status }).from(products).where(eq(products.id, id)))[0]?.status;

describe("notices (Art. 16)", () => {
  it("a guest reports with an e-mail and gets the receipt; without one, no mail", async () => {
    const listing = await live();
    const body = {
      target: "listing",
      targetId: listing.id,
      reason: "counterfeit",
      explanation: "Je to padělek, etiketa nesedí.",
    };
    const withMail = await api.call("POST", "/api/reports", {
      body: { ...body, email: "host@example.cz", altcha: await proof() },
    });
    expect(withMail.status).toBe(201);
    const mails = await delivered();
    expect(mails.map((mail) => mail.to)).toEqual(["host@example.cz"]);
    expect(mails[0].subject).toBe(`Přijali jsme vaše hlášení č. ${withMail.json.id}`);
    const without = await api.call("POST", "/api/reports", { body: { ...body, altcha: await proof() } });
    expect(without.status).toBe(201);
    expect(await delivered()).toEqual([]);
    const [row] = await api.db
      .select()
      .from(moderationReports)
      .where(eq(moderationReports.id, without.json.id));
    expect(row).toMatchObject({ reporterId: null, reporterEmail: null, status: "open" });
  });

  it("a guest without the bot proof is refused (403); a signed-in user needs none", async () => {
    const listing = await live();
    const body = {
      target: "listing",
      targetId: listing.id,
      reason: "fraud",
      explanation: "Prodávající nechce poslat zboží.",
    };
    expect((await api.call("POST", "/api/reports", { body })).status).toBe(403);
    const signedIn = await api.call("POST", "/api/reports", { body, token: moderator.token });
    expect(signedIn.status).toBe(201);
  });

  it("refuses a bad reason, a short explanation and a bad e-mail with translated field errors", async () => {
    const result = await api.call("POST", "/api/reports", {
      token: seller.token,
      body: { target: "listing", targetId: 1, reason: "boring", explanation: "krátké", email: "x" },
    });
    expect(result.status).toBe(422);
    expect(Object.keys(result.json.errors).sort()).toEqual(["email", "explanation", "reason"]);
    expect(result.json.errors.explanation[0]).toBe("Text je příliš krátký.");
  });

  it("limits the reports per reporter (429 with Retry-After)", async () => {
    const listing = await live();
    const [reporter] = await insertBidders(api.db, 1);
    const body = {
      target: "listing",
      targetId: listing.id,
      reason: "spam",
      explanation: "Opakovaně vložený inzerát.",
    };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await api.call("POST", "/api/reports", { body, token: reporter.token })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

const decide = (token: string, body: Record<string, unknown>) =>
  api.call("POST", "/api/admin/moderation/decisions", { token, body });

describe("decisions and complaints (Art. 17, 20)", () => {
  it("removing a live listing keeps a statement of reasons, mails it and settles the reports", async () => {
    const listing = await live("Falešný Zacapa");
    const report = await api.call("POST", "/api/reports", {
      token: moderator2.token,
      body: {
        target: "listing",
        targetId: listing.id,
        reason: "counterfeit",
        explanation: "Etiketa je zjevně padělaná.",
      },
    });
    await delivered();
    const refused = await decide(moderator.token, {
      action: "remove_listing",
      target: "listing",
      targetId: listing.id,
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.errors).sort()).toEqual(["facts", "reasons", "termsSection"]);
    const made = await decide(moderator.token, {
      action: "remove_listing",
      target: "listing",
      targetId: listing.id,
      reportId: report.json.id,
      ...statement,
    });
    expect(made.status).toBe(201);
    expect(await status(listing.id)).toBe("rejected");
    const [decision] = await api.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.id, made.json.id));
    expect(decision).toMatchObject({
      action: "remove_listing",
      affectedUserId: seller.user.id,
      ground: "report",
      automated: false,
      termsSection: "counterfeits",
      previousStatus: "active",
      deciderId: moderator.user.id,
    });
    const [settled] = await api.db
      .select()
      .from(moderationReports)
      .where(eq(moderationReports.id, report.json.id));
    expect(settled).toMatchObject({ status: "decided", decisionId: made.json.id });
    const mails = await delivered();
    const toSeller = mails.filter((mail) => mail.to === seller.user.email).map((mail) => mail.subject);
    expect(toSeller).toContain("Rozhodnutí moderátora: Inzerát odstraněn");
    expect(toSeller).toContain("Inzerát zamítnut: Falešný Zacapa");
    expect(mails.some((mail) => mail.subject === `Rozhodnutí o vašem hlášení č. ${report.json.id}`)).toBe(
      true,
    );
    const audit = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "moderation.remove_listing"));
    expect(audit).toHaveLength(1);
  });

  it("no action settles the report, tells the reporter and leaves the listing live", async () => {
    const listing = await live("Poctivý rum");
    const report = await api.call("POST", "/api/reports", {
      token: moderator2.token,
      body: {
        target: "listing",
        targetId: listing.id,
        reason: "spam",
        explanation: "Zdá se mi to jako spam.",
      },
    });
    await delivered();
    const made = await decide(moderator.token, {
      action: "no_action",
      target: "listing",
      targetId: listing.id,
      reportId: report.json.id,
    });
    expect(made.status).toBe(201);
    expect(await status(listing.id)).toBe("active");
    const mails = await delivered();
    expect(mails.map((mail) => mail.subject)).toEqual([`Rozhodnutí o vašem hlášení č. ${report.json.id}`]);
    expect(mails[0].text).toContain("Bez zásahu");
  });

  it("the seller complains; the same moderator is refused; another reverses and the listing is back", async () => {
    const listing = await live("Sporný rum");
    const made = await decide(moderator.token, {
      action: "remove_listing",
      target: "listing",
      targetId: listing.id,
      ground: "own_initiative",
      ...statement,
    });
    const complaint = await api.call("POST", `/api/me/decisions/${made.json.id}/complaint`, {
      token: seller.token,
      body: { text: "Láhev je pravá, mám doklad o koupi." },
    });
    expect(complaint.status).toBe(201);
    const again = await api.call("POST", `/api/me/decisions/${made.json.id}/complaint`, {
      token: seller.token,
      body: { text: "Ještě jednou: láhev je pravá." },
    });
    expect(again.status).toBe(409);
    const body = { outcome: "reversed", answer: "Doklad jsme ověřili, inzerát vracíme." };
    const same = await api.call("POST", `/api/admin/moderation/complaints/${complaint.json.id}/decision`, {
      token: moderator.token,
      body,
    });
    expect(same.status).toBe(403);
    expect(same.json.message).toBe("O stížnosti nemůže rozhodnout ten, kdo vydal původní rozhodnutí.");
    expect(await status(listing.id)).toBe("rejected");
    await delivered();
    const other = await api.call("POST", `/api/admin/moderation/complaints/${complaint.json.id}/decision`, {
      token: moderator2.token,
      body,
    });
    expect(other.status).toBe(200);
    expect(await status(listing.id)).toBe("active");
    const [row] = await api.db
      .select()
      .from(moderationComplaints)
      .where(eq(moderationComplaints.id, complaint.json.id));
    expect(row).toMatchObject({ status: "reversed", decidedById: moderator2.user.id });
    const mails = await delivered();
    expect(mails.filter((mail) => mail.to === seller.user.email).map((mail) => mail.subject)).toEqual([
      `Výsledek vaší stížnosti na rozhodnutí č. ${made.json.id}`,
    ]);
  });

  it("an upheld complaint keeps the restriction and tells the user", async () => {
    const listing = await live("Další sporný rum");
    const made = await decide(moderator.token, {
      action: "remove_listing",
      target: "listing",
      targetId: listing.id,
      ...statement,
    });
    const complaint = await api.call("POST", `/api/me/decisions/${made.json.id}/complaint`, {
      token: seller.token,
      body: { text: "Nesouhlasím s odstraněním." },
    });
    await delivered();
    const decided = await api.call("POST", `/api/admin/moderation/complaints/${complaint.json.id}/decision`, {
      token: moderator2.token,
      body: { outcome: "upheld", answer: "Fotografie ukazují padělek." },
    });
    expect(decided.json).toEqual({ reversed: false });
    expect(await status(listing.id)).toBe("rejected");
    expect((await delivered()).some((mail) => mail.to === seller.user.email)).toBe(true);
  });

  it("a complaint after 6 months is refused", async () => {
    const listing = await live("Starý případ");
    const made = await decide(moderator.token, {
      action: "remove_listing",
      target: "listing",
      targetId: listing.id,
      ...statement,
    });
    const old = new Date(Date.now() - 200 * 24 * 3600 * 1000);
    await api.db
      .update(moderationDecisions)
      .set({ createdAt: old })
      .where(eq(moderationDecisions.id, made.json.id));
    const late = await api.call("POST", `/api/me/decisions/${made.json.id}/complaint`, {
      token: seller.token,
      body: { text: "Teprve teď jsem si toho všiml." },
    });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe("Lhůta 6 měsíců pro stížnost na toto rozhodnutí už uplynula.");
  });

  it("a suspension stops the sign-in until its date; a reversal lifts it", async () => {
    const account = await api.createUser();
    const until = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const made = await decide(moderator.token, {
      action: "suspend_account",
      target: "user",
      targetId: account.user.id,
      suspendedUntil: until,
      ...statement,
    });
    expect(made.status).toBe(201);
    const login = await api.call("POST", "/api/auth/login", {
      body: { email: account.user.email, password: account.password },
    });
    expect(login.status).toBe(422);
    expect(login.json.errors.login[0]).toMatch(/^Váš účet je pozastaven do \d+\. \S+ \d{4}\./);
    const wrong = await api.call("POST", "/api/auth/login", {
      body: { email: account.user.email, password: "Spatne-Heslo-1" },
    });
    expect(wrong.json.errors.login[0]).not.toContain("pozastaven");
    expect((await api.call("GET", "/api/me/advertisements", { token: account.token })).status).toBe(401);
    const mails = await delivered();
    const sent = mails.find(
      (mail) => mail.to === account.user.email && mail.subject.includes("Účet pozastaven"),
    );
    // The suspended user cannot sign in: the mail's link carries the key that opens the statement.
    const key = decodeURIComponent(sent?.text.match(/\/ucet\/rozhodnuti\/\d+\?k=([\w%-]+)/)?.[1] ?? "");
    const opened = await api.services.moderation.decisionByKey(made.json.id, key);
    expect(opened?.userId).toBe(account.user.id);
    expect(await api.services.moderation.decisionByKey(made.json.id, `${key}x`)).toBeNull();
    const complaint = await api.services.moderation.complain(
      { id: opened!.userId, locale: "cs" },
      made.json.id,
      {
        text: "Pozastavení považuji za omyl.",
      },
    );
    expect(complaint.ok).toBe(true);
    // The date passed: the account signs in again.
    await api.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, account.user.id));
    const after = await api.call("POST", "/api/auth/login", {
      body: { email: account.user.email, password: account.password },
    });
    expect(after.status).toBe(200);
  });

  it("reversing an older suspension leaves a later block standing", async () => {
    const account = await api.createUser();
    const until = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const suspended = await decide(moderator.token, {
      action: "suspend_account",
      target: "user",
      targetId: account.user.id,
      suspendedUntil: until,
      ...statement,
    });
    expect(suspended.status).toBe(201);
    const blocked = await decide(moderator.token, {
      action: "block_account",
      target: "user",
      targetId: account.user.id,
      ...statement,
    });
    expect(blocked.status).toBe(201);
    const complaint = await api.services.moderation.complain(
      { id: account.user.id, locale: "cs" },
      suspended.json.id,
      { text: "Pozastavení považuji za omyl." },
    );
    expect(complaint.ok).toBe(true);
    const reversed = await api.call(
      "POST",
      `/api/admin/moderation/complaints/${complaint.ok ? complaint.value.id : 0}/decision`,
      { token: moderator2.token, body: { outcome: "reversed", answer: "Pozastavení rušíme." } },
    );
    expect(reversed.status).toBe(200);
    // The block decided later still stands: the account cannot sign in.
    const [row] = await api.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row.blockedAt).not.toBeNull();
    const login = await api.call("POST", "/api/auth/login", {
      body: { email: account.user.email, password: account.password },
    });
    expect(login.status).toBe(422);
  });
});

describe("pre-moderation", () => {
  it("a listing in a pre-moderated category waits in review until approved; the approved notice is sent", async () => {
    const listing = await insertProduct(api.db, {
      categoryId: held,
      sellerId: seller.user.id,
      nameCs: "Cohiba",
      status: "in_review",
      format: "classified",
      priceMinor: 5000,
    });
    const queue = await api.call("GET", "/api/admin/moderation/queue", { token: moderator.token });
    expect(queue.json.listings.rows.map((row: { id: number }) => row.id)).toContain(listing.id);
    await delivered();
    const approved = await decide(moderator.token, {
      action: "approve_listing",
      target: "listing",
      targetId: listing.id,
    });
    expect(approved.status).toBe(201);
    expect(await status(listing.id)).toBe("active");
    const [notice] = await api.db.select().from(messages).where(eq(messages.event, "listing_approved"));
    expect(notice.body).toContain("Cohiba");
    expect((await delivered()).some((mail) => mail.subject === "Inzerát schválen: Cohiba")).toBe(true);
  });

  it("a new listing added under a pre-moderated category starts in review (the add flow)", async () => {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8a2be2" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new File([new Uint8Array(image)], "photo.png", { type: "image/png" }));
    const uploaded = await api.app.request("/api/me/advertisements/images", {
      method: "POST",
      headers: { Accept: "application/json", Authorization: `Bearer ${seller.token}` },
      body: form,
    });
    const token = ((await uploaded.json()) as { data: { token: string } }).data.token;
    const created = await api.call("POST", "/api/me/advertisements?lang=cs", {
      token: seller.token,
      body: {
        type: "supply",
        categoryId: held,
        subcategoryId: heldChild,
        packageId: box,
        name: "Cohiba Siglo VI",
        priceMinor: 150_000,
        reservePriceMinor: null,
        description: "Krabička v perfektním stavu, původní celofán.",
        images: [token],
        duration: "week",
      },
    });
    expect(created.json.errors ?? null).toBeNull();
    expect(created.status).toBe(201);
    expect(created.json.data.status).toBe("in_review");
  });

  it("a rejected held listing sends the rejected notice and the statement", async () => {
    const listing = await insertProduct(api.db, {
      categoryId: held,
      sellerId: seller.user.id,
      nameCs: "Kubánské doutníky",
      status: "in_review",
      format: "classified",
      priceMinor: 5000,
    });
    await delivered();
    const made = await decide(moderator.token, {
      action: "reject_listing",
      target: "listing",
      targetId: listing.id,
      ground: "own_initiative",
      ...statement,
    });
    expect(made.status).toBe(201);
    expect(await status(listing.id)).toBe("rejected");
    const subjects = (await delivered()).map((mail) => mail.subject);
    expect(subjects).toContain("Inzerát zamítnut: Kubánské doutníky");
    expect(subjects).toContain("Rozhodnutí moderátora: Inzerát zamítnut");
  });
});

describe("the older per-module reports", () => {
  it("a review reported with the profile's button shows in the queue as a notice", async () => {
    const listing = await live("Prodaná láhev");
    const [buyer] = await insertBidders(api.db, 1);
    const [review] = await api.db
      .insert(reviews)
      .values({
        productId: listing.id,
        authorId: buyer.user.id,
        subjectId: seller.user.id,
        stars: 1,
        comment: "Urážka",
      })
      .returning();
    await api.db
      .insert(reviewReports)
      .values({ reviewId: review.id, reporterId: seller.user.id, reason: "Hrubé urážky v hodnocení." });
    const queue = await api.call("GET", "/api/admin/moderation/queue?size=100", { token: moderator.token });
    const taken = queue.json.reports.rows.find(
      (row: { target: string; targetId: number }) => row.target === "review" && row.targetId === review.id,
    );
    expect(taken).toMatchObject({
      reason: "other",
      explanation: "Hrubé urážky v hodnocení.",
      reporterId: seller.user.id,
    });
    const [left] = await api.db.select().from(reviewReports).where(eq(reviewReports.reviewId, review.id));
    expect(left.resolvedAt).not.toBeNull();
  });
});
