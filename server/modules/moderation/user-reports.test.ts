import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { messages, messageThreads, threadParticipants } from "../messages/tables.ts";
import { reviews } from "../reviews/tables.ts";
import { users } from "../users/tables.ts";

/**
 * Moderation beside the users' back office (docs/product/back-office.md, "Moderation" and "Users"),
 * on a real database: the dashboard's open reports always equal the queue's length, whatever kind of
 * report came in and whichever screen is opened first; a user's reports (about them and their
 * content, and the ones they filed); the user told when a restriction is lifted or reversed.
 */

let api: TestApi;
type Account = Awaited<ReturnType<TestApi["createUser"]>>;
let moderator: Account;
let moderator2: Account;
let category: number;

const statement = {
  facts: "Opakovaně urážel ostatní ve zprávách.",
  reasons: "Podmínky zakazují urážlivé chování.",
  termsSection: "conduct",
  ground: "own_initiative",
};

beforeAll(async () => {
  api = await createTestApi();
  category = (await insertCategory(api.db, { depth: 1, nameCs: "Whisky", slugCs: "whisky" })).id;
  moderator = await api.createUser({ role: "moderator" });
  moderator2 = await api.createUser({ role: "moderator" });
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

async function delivered() {
  api.sentMail.length = 0;
  await api.deliverMail();
  return [...api.sentMail];
}

const decide = (token: string, body: Record<string, unknown>) =>
  api.call("POST", "/api/admin/moderation/decisions", { token, body });

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

/** A seller with a listing, a message of theirs to a buyer, and the buyer's review of the seller. */
async function dealings() {
  const seller = await api.createUser();
  const buyer = await api.createUser();
  const listing = await insertProduct(api.db, {
    categoryId: category,
    sellerId: seller.user.id,
    nameCs: "Sporná whisky",
    format: "classified",
    priceMinor: 1000,
  });
  const [thread] = await api.db.insert(messageThreads).values({ kind: "conversation" }).returning();
  await api.db.insert(threadParticipants).values([
    { threadId: thread.id, userId: buyer.user.id, role: "buyer" },
    { threadId: thread.id, userId: seller.user.id, role: "seller" },
  ]);
  const [message] = await api.db
    .insert(messages)
    .values({ threadId: thread.id, senderId: seller.user.id, body: "Jste úplný hlupák, nic neposílám." })
    .returning();
  const [review] = await api.db
    .insert(reviews)
    .values({
      productId: listing.id,
      authorId: buyer.user.id,
      subjectId: seller.user.id,
      stars: 1,
      comment: "Prodávající je podvodník.",
    })
    .returning();
  return { seller, buyer, listing, message, review };
}

const report = (token: string, target: string, targetId: number, reason = "offensive") =>
  api.call("POST", "/api/reports", {
    token,
    body: { target, targetId, reason, explanation: "Tohle podle mě porušuje podmínky." },
  });

describe("the dashboard's open reports and the queue", () => {
  it("agree after reports of each kind, the older message and review reports too, without the queue opened", async () => {
    const { seller, buyer, listing, message, review } = await dealings();
    const dashboardCount = async () => {
      const { queues } = await api.services.dashboard.forScopes(["moderation"]);
      return queues.find((queue) => queue.key === "reports")?.count;
    };
    const queueLength = async () => {
      const queue = await api.call("GET", "/api/admin/moderation/queue?size=100", { token: moderator.token });
      return queue.json.reports.total as number;
    };
    let expected = (await dashboardCount()) ?? 0;
    expect(await queueLength()).toBe(expected);
    const filings: [string, () => Promise<{ status: number }>][] = [
      ["listing", () => report(buyer.token, "listing", listing.id, "counterfeit")],
      ["user", () => report(buyer.token, "user", seller.user.id)],
      ["message", () => report(buyer.token, "message", message.id)],
      ["review", () => report(seller.token, "review", review.id)],
      [
        "older message report",
        () =>
          api.call("POST", `/api/messages/${message.id}/report`, {
            token: buyer.token,
            body: { reason: "Urážky ve zprávě." },
          }),
      ],
      [
        "older review report",
        () =>
          api.call("POST", `/api/reviews/${review.id}/report`, {
            token: seller.token,
            body: { reason: "Lživé hodnocení." },
          }),
      ],
    ];
    for (const [kind, file] of filings) {
      expect([200, 201], kind).toContain((await file()).status);
      expected += 1;
      // The dashboard is read first: its count does not wait for the queue to be opened.
      expect(await dashboardCount(), kind).toBe(expected);
      expect(await queueLength(), kind).toBe(expected);
    }
  });
});

describe("a user's reports", () => {
  it("lists the reports about the account and its listings, messages and reviews, and the ones it filed", async () => {
    const { seller, buyer, listing, message, review } = await dealings();
    await report(buyer.token, "listing", listing.id, "counterfeit");
    await report(buyer.token, "message", message.id);
    await api.call("POST", `/api/messages/${message.id}/report`, {
      token: buyer.token,
      body: { reason: "Urážky ve zprávě." },
    });
    await report(buyer.token, "user", seller.user.id, "fraud");
    const filed = await report(seller.token, "review", review.id, "spam");
    // A decision settles the listing's report: it shows as decided, with the decision.
    const made = await decide(moderator.token, {
      action: "no_action",
      target: "listing",
      targetId: listing.id,
      facts: "",
      reasons: "",
    });
    expect(made.status).toBe(201);

    const { about, filed: byUser } = await api.services.moderation.userReports(seller.user.id);
    expect(about.total).toBe(4);
    const rows = about.rows.map((row) => ({
      target: row.target,
      targetId: row.targetId,
      targetLabel: row.targetLabel,
      reason: row.reason,
      status: row.status,
    }));
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          target: "listing",
          targetId: listing.id,
          targetLabel: "Sporná whisky",
          reason: "counterfeit",
          status: "decided",
        },
        {
          target: "message",
          targetId: message.id,
          targetLabel: "Jste úplný hlupák, nic neposílám.",
          reason: "offensive",
          status: "open",
        },
        {
          target: "message",
          targetId: message.id,
          targetLabel: "Jste úplný hlupák, nic neposílám.",
          reason: "other",
          status: "open",
        },
        {
          target: "user",
          targetId: seller.user.id,
          targetLabel: seller.user.username,
          reason: "fraud",
          status: "open",
        },
      ]),
    );
    expect(about.rows.find((row) => row.target === "listing")?.decisionId).toBe(made.json.id);
    // Newest first.
    const times = about.rows.map((row) => row.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(byUser).toMatchObject({
      total: 1,
      rows: [{ id: filed.json.id, target: "review", targetId: review.id, reason: "spam", status: "open" }],
    });
    // The buyer's review is the buyer's content: the seller's report about it is about the buyer.
    const buyers = await api.services.moderation.userReports(buyer.user.id);
    expect(buyers.about.rows.map((row) => row.id)).toEqual([filed.json.id]);
    expect(buyers.filed.total).toBe(4);
  });
});

describe("a lifted restriction is announced", () => {
  const restoredNotice = (userId: number) =>
    api.db
      .select({ body: messages.body, payload: messages.payload })
      .from(messages)
      .innerJoin(threadParticipants, eq(threadParticipants.threadId, messages.threadId))
      .where(and(eq(messages.event, "account_restored"), eq(threadParticipants.userId, userId)));

  it("lifting a suspension early mails the user and leaves a system message, both linked to the decision", async () => {
    const account = await api.createUser();
    const suspended = await decide(moderator.token, {
      action: "suspend_account",
      target: "user",
      targetId: account.user.id,
      suspendedUntil: inDays(10),
      ...statement,
    });
    expect(suspended.status).toBe(201);
    await delivered();
    const lifted = await decide(moderator.token, {
      action: "lift_restriction",
      target: "user",
      targetId: account.user.id,
      ground: "own_initiative",
      facts: "",
      reasons: "",
    });
    expect(lifted.status).toBe(201);
    const mails = (await delivered()).filter((mail) => mail.to === account.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Váš účet je opět volný"]);
    expect(mails[0].text).toMatch(
      /pozastavení vašeho účtu jsme zrušili\. Od \d+\. \S+ \d{4} v \d{1,2}:\d{2} se můžete znovu přihlásit/,
    );
    // The link opens the suspension's statement, with its key (no sign-in needed).
    const key = decodeURIComponent(
      mails[0].text.match(new RegExp(`/ucet/rozhodnuti/${suspended.json.id}\\?k=([\\w%-]+)`))?.[1] ?? "",
    );
    expect((await api.services.moderation.decisionByKey(suspended.json.id, key))?.userId).toBe(
      account.user.id,
    );
    const [notice] = await restoredNotice(account.user.id);
    expect(notice.body).toMatch(
      /^Pozastavení vašeho účtu jsme zrušili\. Od \d+\. \S+ \d{4} v \d{1,2}:\d{2} se/,
    );
    expect(notice.payload).toMatchObject({
      href: {
        cs: `/ucet/rozhodnuti/${suspended.json.id}`,
        en: `/en/account/decisions/${suspended.json.id}`,
      },
    });
    const login = await api.call("POST", "/api/auth/login", {
      body: { email: account.user.email, password: account.password },
    });
    expect(login.status).toBe(200);
  });

  it("a complaint reversal that unblocks an account says so in the user's language, mail and system message", async () => {
    const account = await api.createUser({ locale: "en" });
    const blocked = await decide(moderator.token, {
      action: "block_account",
      target: "user",
      targetId: account.user.id,
      ...statement,
    });
    expect(blocked.status).toBe(201);
    const complaint = await api.services.moderation.complain(
      { id: account.user.id, locale: "en" },
      blocked.json.id,
      {
        text: "The block is a mistake, I did nothing wrong.",
      },
    );
    expect(complaint.ok).toBe(true);
    await delivered();
    const complaintId = complaint.ok ? complaint.value.id : 0;
    const decided = await api.call("POST", `/api/admin/moderation/complaints/${complaintId}/decision`, {
      token: moderator2.token,
      body: { outcome: "reversed", answer: "We checked the messages again." },
    });
    expect(decided.status).toBe(200);
    const mails = (await delivered()).filter((mail) => mail.to === account.user.email);
    // One mail: the complaint's outcome, saying the account is free again and since when.
    expect(mails.map((mail) => mail.subject)).toEqual([
      `The outcome of your complaint about decision no. ${blocked.json.id}`,
    ]);
    expect(mails[0].text).toMatch(
      /we lifted the block on your account\. From \d+ \S+ \d{4} at \d{1,2}:\d{2} you can sign in/,
    );
    const [notice] = await restoredNotice(account.user.id);
    expect(notice.body).toMatch(/^We lifted the block on your account\. From /);
    const [row] = await api.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row.blockedAt).toBeNull();
  });

  it("a reversal of a suspension that had already ended tells no one the account is free again", async () => {
    const account = await api.createUser();
    const suspended = await decide(moderator.token, {
      action: "suspend_account",
      target: "user",
      targetId: account.user.id,
      suspendedUntil: inDays(3),
      ...statement,
    });
    const complaint = await api.services.moderation.complain(
      { id: account.user.id, locale: "cs" },
      suspended.json.id,
      {
        text: "Pozastavení považuji za omyl.",
      },
    );
    await api.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, account.user.id));
    await delivered();
    const complaintId = complaint.ok ? complaint.value.id : 0;
    const decided = await api.call("POST", `/api/admin/moderation/complaints/${complaintId}/decision`, {
      token: moderator2.token,
      body: { outcome: "reversed", answer: "Máte pravdu." },
    });
    expect(decided.status).toBe(200);
    const mails = (await delivered()).filter((mail) => mail.to === account.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).not.toContain("Od ");
    expect(await restoredNotice(account.user.id)).toEqual([]);
  });
});
