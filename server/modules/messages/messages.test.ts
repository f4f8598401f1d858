import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { sseReader } from "#server/test/sse.ts";
import { LEADING_QUEUE } from "../bidding/index.ts";
import { products } from "../listings/tables/products.ts";
import { reviewReports, reviews } from "../reviews/tables.ts";
import { users } from "../users/tables.ts";
import { MESSAGE_NOTICE_QUEUE, MESSAGE_NOTICE_WINDOW_MS } from "./notice-mail.ts";
import { messageReports, messages, threadParticipants } from "./tables.ts";

/**
 * Conversations, counts, notice mails and reviews through the API (issue 7), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */

let api: TestApi;
let categoryId: number;

beforeAll(async () => {
  api = await createTestApi();
  categoryId = (await insertCategory(api.db)).id;
});
afterAll(async () => {
  await api?.services.stopLiveStreams();
  await api?.close();
});

/** A seller with an active classified, and a buyer who wrote about it (the thread's first message). */
async function conversation(first = "Dobrý den, je láhev ještě k mání?") {
  const seller = await api.createUser();
  const buyer = await api.createUser();
  const product = await insertProduct(api.db, {
    categoryId,
    format: "classified",
    sellerId: seller.user.id,
    nameCs: "Caroni 1996, 21 let",
    nameEn: "Caroni 1996, 21 years",
    priceMinor: 1_250_000,
  });
  const started = await api.call("POST", `/api/products/${product.id}/contact`, {
    token: buyer.token,
    body: { message: first },
  });
  expect(started.status).toBe(200);
  return { seller, buyer, product, threadId: started.json.data.threadId as number };
}

const counter = async (token: string) => (await api.call("GET", "/api/message?counter=1", { token })).json;

describe("thread access", () => {
  it("answers 404 to every call with another users' thread and changes nothing", async () => {
    const { seller, buyer, product, threadId } = await conversation();
    const outsider = await api.createUser();
    const [message] = await api.db.select().from(messages).where(eq(messages.threadId, threadId));
    const before = {
      messages: await api.db.select().from(messages).where(eq(messages.threadId, threadId)),
      participants: await api.db
        .select()
        .from(threadParticipants)
        .where(eq(threadParticipants.threadId, threadId)),
    };

    const calls = [
      api.call("GET", `/api/messages/threads/${threadId}`, { token: outsider.token }),
      api.call("POST", `/api/messages/threads/${threadId}/read`, { token: outsider.token }),
      api.call("POST", `/api/messages/threads/${threadId}/messages`, {
        token: outsider.token,
        body: { body: "Vnucuji se do cizí konverzace." },
      }),
      api.call("DELETE", `/api/messages/threads/${threadId}`, { token: outsider.token }),
      api.call("POST", `/api/messages/threads/${threadId}/sold`, { token: outsider.token }),
      api.call("POST", `/api/messages/${message.id}/report`, {
        token: outsider.token,
        body: { reason: "spam" },
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ message: "This page could not be found" });
    }
    // The buyer may not sell the seller's item either.
    expect(
      (await api.call("POST", `/api/messages/threads/${threadId}/sold`, { token: buyer.token })).status,
    ).toBe(404);
    const list = await api.call("GET", "/api/messages/threads", { token: outsider.token });
    expect(list.json.items).toEqual([]);

    expect(await api.db.select().from(messages).where(eq(messages.threadId, threadId))).toEqual(
      before.messages,
    );
    expect(
      await api.db.select().from(threadParticipants).where(eq(threadParticipants.threadId, threadId)),
    ).toEqual(before.participants);
    expect(
      await api.db.select().from(messageReports).where(eq(messageReports.messageId, message.id)),
    ).toEqual([]);
    const [row] = await api.db
      .select({ status: products.status })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row.status).toBe("active");

    // The participants see it, each from their side.
    const mine = await api.call("GET", `/api/messages/threads/${threadId}`, { token: seller.token });
    expect(mine.status).toBe(200);
    expect(mine.json.data).toMatchObject({
      role: "seller",
      other: { id: buyer.user.id, username: buyer.user.username },
      product: { id: product.id, name: "Caroni 1996, 21 let", priceMinor: 1_250_000 },
      canReply: true,
      deal: { done: false, canReview: false, canMarkSold: true },
    });
    expect(mine.json.data.messages).toMatchObject([
      { text: "Dobrý den, je láhev ještě k mání?", mine: false, unread: true, senderId: buyer.user.id },
    ]);
    expect(
      (await api.call("GET", `/api/messages/threads/${threadId}`, { token: buyer.token })).json.data.role,
    ).toBe("buyer");
  });
});

describe("counters", () => {
  it("follow sending, reading, blocking and deleting", async () => {
    const { seller, buyer, threadId } = await conversation();
    expect(await counter(seller.token)).toEqual({ total: 1, new: 1, system: 0 });
    // Your own messages are not "received".
    expect(await counter(buyer.token)).toEqual({ total: 0, new: 0, system: 0 });

    const reply = await api.call("POST", `/api/messages/threads/${threadId}/messages`, {
      token: seller.token,
      body: { body: "Dobrý den, ano. Fotky zde: https://example.com/caroni" },
    });
    expect(reply.status).toBe(201);
    expect(reply.json.data).toMatchObject({
      mine: true,
      text: "Dobrý den, ano. Fotky zde: https://example.com/caroni",
    });
    expect(await counter(buyer.token)).toEqual({ total: 1, new: 1, system: 0 });
    expect(await counter(seller.token)).toEqual({ total: 1, new: 1, system: 0 });

    // Reading: the seller's new count drops, the buyer's does not.
    expect(
      (await api.call("POST", `/api/messages/threads/${threadId}/read`, { token: seller.token })).status,
    ).toBe(204);
    expect(await counter(seller.token)).toEqual({ total: 1, new: 0, system: 0 });
    expect(await counter(buyer.token)).toEqual({ total: 1, new: 1, system: 0 });

    for (const body of ["Beru, pošlete prosím číslo účtu.", "Případně osobní předání v Praze?"])
      await api.call("POST", `/api/messages/threads/${threadId}/messages`, {
        token: buyer.token,
        body: { body },
      });
    expect(await counter(seller.token)).toEqual({ total: 3, new: 2, system: 0 });
    const unread = await api.call("GET", "/api/messages/threads?filter=unread", { token: seller.token });
    expect(unread.json.items.map((item: { id: number; unread: number }) => [item.id, item.unread])).toEqual([
      [threadId, 2],
    ]);

    // Blocking: the blocked user's messages stop counting as new, and neither side can write.
    expect((await api.call("PUT", `/api/users/${buyer.user.id}/block`, { token: seller.token })).status).toBe(
      204,
    );
    expect(await counter(seller.token)).toEqual({ total: 3, new: 0, system: 0 });
    const refused = await api.call("POST", `/api/messages/threads/${threadId}/messages`, {
      token: buyer.token,
      body: { body: "Haló?" },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("Tomuto uživateli teď nelze psát: jeden z vás druhého zablokoval.");
    expect(
      (
        await api.call("POST", `/api/messages/threads/${threadId}/messages`, {
          token: seller.token,
          body: { body: "Sbohem." },
        })
      ).status,
    ).toBe(403);
    expect(await counter(seller.token)).toEqual({ total: 3, new: 0, system: 0 });
    expect(await counter(buyer.token)).toEqual({ total: 1, new: 1, system: 0 });
    expect(
      (await api.call("DELETE", `/api/users/${buyer.user.id}/block`, { token: seller.token })).status,
    ).toBe(204);
    expect(await counter(seller.token)).toEqual({ total: 3, new: 2, system: 0 });

    // Deleting: gone for the seller (listed nowhere, counted nowhere), kept for the buyer.
    expect(
      (await api.call("DELETE", `/api/messages/threads/${threadId}`, { token: seller.token })).status,
    ).toBe(204);
    expect(await counter(seller.token)).toEqual({ total: 0, new: 0, system: 0 });
    expect((await api.call("GET", "/api/messages/threads", { token: seller.token })).json.total).toBe(0);
    expect(await counter(buyer.token)).toEqual({ total: 1, new: 1, system: 0 });
    // A new message brings the thread back with that message only.
    await api.call("POST", `/api/messages/threads/${threadId}/messages`, {
      token: buyer.token,
      body: { body: "Ještě jedna otázka." },
    });
    expect(await counter(seller.token)).toEqual({ total: 1, new: 1, system: 0 });
    const back = await api.call("GET", `/api/messages/threads/${threadId}`, { token: seller.token });
    expect(back.json.data.messages.map((message: { text: string }) => message.text)).toEqual([
      "Ještě jedna otázka.",
    ]);

    // A system notice counts as new and system until the system thread is read.
    const told = await api.db.transaction((tx) =>
      api.services.notifier.notify(tx, seller.user.id, "review_received", {
        values: { author: buyer.user.username, stars: 5 },
        link: { page: "accountReviews" },
      }),
    );
    expect(await counter(seller.token)).toEqual({ total: 2, new: 2, system: 1 });
    const system = await api.call("GET", `/api/messages/threads/${told!.threadId}`, { token: seller.token });
    expect(system.json.data.kind).toBe("system");
    expect(system.json.data.canReply).toBe(false);
    expect(system.json.data.messages[0]).toMatchObject({
      senderId: null,
      event: "review_received",
      link: "/ucet/hodnoceni",
    });
    expect(system.json.data.messages[0].text).toContain(
      `Uživatel ${buyer.user.username} vás ohodnotil 5 z 5`,
    );
    await api.call("POST", `/api/messages/threads/${told!.threadId}/read`, { token: seller.token });
    expect(await counter(seller.token)).toEqual({ total: 2, new: 1, system: 0 });
    const systemOnly = await api.call("GET", "/api/messages/threads?filter=system", { token: seller.token });
    expect(systemOnly.json.items.map((item: { id: number }) => item.id)).toEqual([told!.threadId]);
  });

  it("reach the recipient's open pages live: the counts at once, then the thread that changed", async () => {
    const { seller, buyer, threadId } = await conversation();
    type CounterEvent = { counter: { total: number; new: number; system: number }; threadId: number | null };
    const controller = new AbortController();
    const stream = await api.app.request("/api/me/events", {
      headers: { Authorization: `Bearer ${buyer.token}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const events = sseReader<CounterEvent>(stream);
    // On connecting: the counts as they are (listening has begun by then, so nothing is missed).
    expect(await events.next(1)).toEqual([
      { id: undefined, event: "counter", data: { counter: { total: 0, new: 0, system: 0 }, threadId: null } },
    ]);
    const reply = await api.call("POST", `/api/messages/threads/${threadId}/messages`, {
      token: seller.token,
      body: { body: "Ano, láhev je stále k mání." },
    });
    expect(reply.status).toBe(201);
    expect(await events.next(1)).toEqual([
      { id: undefined, event: "counter", data: { counter: { total: 1, new: 1, system: 0 }, threadId } },
    ]);
    await events.cancel();
    controller.abort();
    expect((await api.call("GET", "/api/me/events")).status).toBe(401);
  });

  it("refuses an empty or over-long message with translated 422 errors", async () => {
    const { buyer, threadId } = await conversation();
    const empty = await api.call("POST", `/api/messages/threads/${threadId}/messages?lang=en`, {
      token: buyer.token,
      body: { body: "   " },
    });
    expect(empty.status).toBe(422);
    expect(empty.json).toEqual({ errors: { body: ["This field is required"] } });
    const long = await api.call("POST", `/api/messages/threads/${threadId}/messages`, {
      token: buyer.token,
      body: { body: "x".repeat(2001) },
    });
    expect(long.status).toBe(422);
    expect(long.json.errors.body).toEqual(["Pole může obsahovat nejvýše 2000 znaků."]);
  });
});

describe("notice mails", () => {
  it("batch unread messages: at most one mail per thread per 15 minutes, with a one-click unsubscribe", async () => {
    const { seller, buyer, product, threadId } = await conversation("První zpráva.");
    for (const body of ["Druhá zpráva.", "Třetí zpráva."])
      await api.call("POST", `/api/messages/threads/${threadId}/messages`, {
        token: buyer.token,
        body: { body },
      });
    // Three messages, one waiting job for this thread and recipient.
    const jobs = (await api.jobs.list(MESSAGE_NOTICE_QUEUE)).filter(
      (job) =>
        job.state === "created" &&
        (job.data as { threadId: number; userId: number }).threadId === threadId &&
        (job.data as { userId: number }).userId === seller.user.id,
    );
    expect(jobs).toHaveLength(1);

    const sent = () => api.sentMail.filter((mail) => mail.to === seller.user.email);
    // The job would run a minute from now; the test runs its handler at chosen instants instead.
    const now = Date.now();
    const deliver = (at: number) =>
      api.services.messages.deliverMessageNotice({ threadId, userId: seller.user.id }, new Date(at));
    expect(await deliver(now)).toBe("mailed");
    await api.deliverMail();
    expect(sent()).toHaveLength(1);
    const mail = sent()[0];
    expect(mail.subject).toBe(`Nová zpráva od ${buyer.user.username}: Caroni 1996, 21 let`);
    for (const body of ["První zpráva.", "Druhá zpráva.", "Třetí zpráva."]) expect(mail.text).toContain(body);
    expect(mail.text).toContain(`/ucet/zpravy/${threadId}`);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /^<(.+)>$/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1];
    expect(unsubscribe).toMatch(/\/upozorneni\/odhlaseni\/\d+\.message\.[\w-]{43}$/);

    // Within the window: nothing more, however many messages come; the job waits for the window's end.
    await api.call("POST", `/api/messages/threads/${threadId}/messages`, {
      token: buyer.token,
      body: { body: "Čtvrtá." },
    });
    expect(await deliver(now + 60_000)).toBe("deferred");
    expect(await deliver(now + MESSAGE_NOTICE_WINDOW_MS - 1000)).toBe("deferred");
    await api.deliverMail();
    expect(sent()).toHaveLength(1);
    // After it: one mail with what is still unread and not yet mailed.
    expect(await deliver(now + MESSAGE_NOTICE_WINDOW_MS + 1000)).toBe("mailed");
    await api.deliverMail();
    expect(sent()).toHaveLength(2);
    expect(sent()[1].text).toContain("Čtvrtá.");
    expect(sent()[1].text).not.toContain("První zpráva.");
    // Nothing unread and unmailed: no mail.
    expect(await deliver(now + 3 * MESSAGE_NOTICE_WINDOW_MS)).toBe("nothing");

    // The one-click link switches message mails off without a login; a forged token does nothing.
    const token = unsubscribe!.split("/").pop()!;
    expect((await api.call("POST", `/api/notifications/unsubscribe/${token.slice(0, -2)}xx`)).status).toBe(
      404,
    );
    const off = await api.call("POST", `/api/notifications/unsubscribe/${token}`);
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ kind: "message" });
    expect((await api.call("GET", "/api/me/notifications", { token: seller.token })).json.data.message).toBe(
      false,
    );
    const other = await api.createUser();
    const again = await api.call("POST", `/api/products/${product.id}/contact`, {
      token: other.token,
      body: { message: "Pátá, od jiného kupce." },
    });
    expect(
      await api.services.messages.deliverMessageNotice(
        { threadId: again.json.data.threadId, userId: seller.user.id },
        new Date(Date.now() + 2 * 60_000),
      ),
    ).toBe("nothing");
    await api.deliverMail();
    expect(sent()).toHaveLength(2);
  });
});

describe("reviews", () => {
  it("are refused without a deal and a second time for the same deal", async () => {
    const { seller, buyer, product, threadId } = await conversation();
    const outsider = await api.createUser();
    const give = (token: string, stars = 5) =>
      api.call("POST", "/api/reviews", {
        token,
        body: { productId: product.id, stars, comment: "Vše v pořádku." },
      });

    const early = await give(buyer.token);
    expect(early.status).toBe(403);
    expect(early.json.message).toBe("Hodnotit lze jen druhou stranu uzavřeného obchodu.");

    // The seller closes the deal with this buyer in the conversation.
    const sold = await api.call("POST", `/api/messages/threads/${threadId}/sold`, { token: seller.token });
    expect(sold.status).toBe(200);
    expect(sold.json.data.deal).toEqual({ done: true, canReview: true, reviewed: false, canMarkSold: false });
    expect(
      (await api.call("POST", `/api/messages/threads/${threadId}/sold`, { token: seller.token })).status,
    ).toBe(409);

    expect(
      (
        await api.call("POST", "/api/reviews", {
          token: buyer.token,
          body: { productId: product.id, stars: 6 },
        })
      ).json,
    ).toEqual({ errors: { stars: ["Hodnocení je 1 až 5 hvězdiček."] } });
    expect((await give(buyer.token)).status).toBe(201);
    const twice = await give(buyer.token, 1);
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe("Tento obchod jste už ohodnotili.");
    expect((await give(seller.token, 4)).status).toBe(201);
    expect((await give(outsider.token)).status).toBe(403);
    const stored = await api.db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(stored.map((review) => [review.authorId, review.subjectId, review.stars]).sort()).toEqual(
      [
        [buyer.user.id, seller.user.id, 5],
        [seller.user.id, buyer.user.id, 4],
      ].sort(),
    );

    // The rated user replies once; a review is reported once per user, never by its author.
    const about = stored.find((review) => review.subjectId === seller.user.id)!;
    expect(
      (
        await api.call("POST", `/api/reviews/${about.id}/reply`, {
          token: seller.token,
          body: { reply: "Děkuji!" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call("POST", `/api/reviews/${about.id}/reply`, {
          token: seller.token,
          body: { reply: "Znovu." },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api.call("POST", `/api/reviews/${about.id}/reply`, {
          token: buyer.token,
          body: { reply: "Cizí." },
        })
      ).status,
    ).toBe(404);
    expect((await api.call("POST", `/api/reviews/${about.id}/report`, { token: buyer.token })).status).toBe(
      403,
    );
    expect(
      (await api.call("POST", `/api/reviews/${about.id}/report`, { token: outsider.token })).status,
    ).toBe(200);
    expect(
      (await api.call("POST", `/api/reviews/${about.id}/report`, { token: outsider.token })).status,
    ).toBe(200);
    expect(
      await api.db.select().from(reviewReports).where(eq(reviewReports.reviewId, about.id)),
    ).toHaveLength(1);

    // The seller heard of the review in their system thread; the thread view says it is rated.
    const sellerThreads = await api.call("GET", "/api/messages/threads?filter=system", {
      token: seller.token,
    });
    expect(sellerThreads.json.items[0].last.text).toContain("ohodnotil 5 z 5");
    const view = await api.call("GET", `/api/messages/threads/${threadId}`, { token: buyer.token });
    expect(view.json.data.deal).toMatchObject({ done: true, canReview: false, reviewed: true });
  });

  it("computes the average to one decimal from every review received", async () => {
    const subject = await api.createUser();
    expect((await api.call("GET", `/api/users/${subject.user.id}/rating`)).json).toEqual({
      average: null,
      count: 0,
    });
    for (const stars of [5, 4, 4]) {
      const author = await api.createUser();
      const product = await insertProduct(api.db, {
        categoryId,
        format: "classified",
        sellerId: subject.user.id,
        status: "sold",
        winnerId: author.user.id,
      });
      expect(
        (
          await api.call("POST", "/api/reviews", {
            token: author.token,
            body: { productId: product.id, stars },
          })
        ).status,
      ).toBe(201);
    }
    // (5 + 4 + 4) / 3 = 4.33…
    expect((await api.call("GET", `/api/users/${subject.user.id}/rating`)).json).toEqual({
      average: 4.3,
      count: 3,
    });
    const profile = await api.services.profiles.publicProfile(subject.user.id, "cs");
    expect([profile?.ratingAverage, profile?.ratingCount]).toEqual([4.3, 3]);
    // A review removed (say, by the operator) leaves the rating right: the trigger follows.
    const [lowest] = await api.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.subjectId, subject.user.id), eq(reviews.stars, 4)))
      .limit(1);
    await api.db.delete(reviews).where(eq(reviews.id, lowest.id));
    expect((await api.call("GET", `/api/users/${subject.user.id}/rating`)).json).toEqual({
      average: 4.5,
      count: 2,
    });
  });
});

describe("notification switches", () => {
  it("stores switches per kind; a switched-off kind writes the message but sends no mail", async () => {
    const { user, token } = await api.createUser();
    const saved = await api.call("PUT", "/api/me/notifications", { token, body: { outbid: false } });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({ outbid: false, won: true, message: true });
    expect((await api.call("PUT", "/api/me/notifications", { token, body: { nonsense: true } })).status).toBe(
      422,
    );
    const product = await insertProduct(api.db, { categoryId });
    const before = api.sentMail.length;
    const outbid = await api.db.transaction((tx) =>
      api.services.notifier.notify(tx, user.id, "outbid", {
        productId: product.id,
        values: { price: "1 050,00 Kč" },
      }),
    );
    expect(outbid?.mailed).toBe(false);
    const won = await api.db.transaction((tx) =>
      api.services.notifier.notify(tx, user.id, "won", {
        productId: product.id,
        values: { price: "1 050,00 Kč" },
      }),
    );
    expect(won?.mailed).toBe(true);
    await api.deliverMail();
    const mails = api.sentMail.slice(before).filter((mail) => mail.to === user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`Vyhráli jste aukci: ${product.nameCs}`]);
    expect(await counter(token)).toEqual({ total: 2, new: 2, system: 2 });
    // In English for an English account.
    await api.db.update(users).set({ locale: "en" }).where(eq(users.id, user.id));
    await api.db.transaction((tx) =>
      api.services.notifier.notify(tx, user.id, "sold", {
        productId: product.id,
        values: { price: "2 000,00 Kč", buyer: "kupec" },
      }),
    );
    await api.deliverMail();
    expect(api.sentMail.at(-1)?.subject).toBe(`Sold: ${product.nameEn}`);
  });
});

describe("notices of the other modules", () => {
  it("a proxy leader hears they still lead; the winner's and the seller's notices link their conversation", async () => {
    await insertAuctionSettings(api.db);
    const seller = await api.createUser();
    const [leader, rival] = await insertBidders(api.db, 2);
    const auction = await insertAuction(api.db, { sellerId: seller.user.id, categoryId });
    const bid = (token: string, amount: number, max?: number) =>
      api.call("POST", `/api/auctions/${auction.id}/bids`, {
        token,
        body: max ? { amount, max } : { amount },
      });
    expect((await bid(leader.token, 100_000, 200_000)).status).toBe(201);
    // The rival's bid is answered by the leader's maximum.
    expect((await bid(rival.token, 120_000)).json.you.leading).toBe(false);
    expect(await api.jobs.runPending(LEADING_QUEUE)).toBe(1);
    const leading = await api.call("GET", "/api/messages/threads?filter=system", { token: leader.token });
    expect(leading.json.items[0].last.text).toBe(
      `V aukci ${auction.nameCs} se někdo pokusil přehodit, vaše maximum vás ale udrželo ve vedení. Aktuální cena je 1\u00a0250,00\u00a0Kč.`,
    );

    await api.db
      .update(products)
      .set({ endsAt: new Date(Date.now() - 1) })
      .where(eq(products.id, auction.id));
    expect((await api.services.bidding.closeAuction(auction.id)).status).toBe("closed");
    const won = await api.call("GET", "/api/messages/threads", { token: leader.token });
    const conversationId = won.json.items.find((item: { kind: string }) => item.kind === "conversation").id;
    const system = won.json.items.find((item: { kind: string }) => item.kind === "system").id;
    const view = await api.call("GET", `/api/messages/threads/${system}`, { token: leader.token });
    expect(view.json.data.messages.at(-1)).toMatchObject({
      event: "won",
      link: `/ucet/zpravy/${conversationId}`,
    });
    // The conversation opened for the deal lets both rate each other.
    const deal = await api.call("GET", `/api/messages/threads/${conversationId}`, { token: seller.token });
    expect(deal.json.data).toMatchObject({ role: "seller", deal: { done: true, canReview: true } });
  });
});

describe("stock watchdogs", () => {
  it("tell once when a sold-out product is back, and find new products of a category or a search", async () => {
    const watcher = await api.createUser();
    const seller = await api.createUser();
    const branch = await insertCategory(api.db, { nameCs: "Doutníky", nameEn: "Cigars" });
    const soldOut = await insertProduct(api.db, { categoryId, stock: 0, nameCs: "Havana Club Máximo" });
    const inStock = await insertProduct(api.db, { categoryId, stock: 3 });

    const set = (body: object) => api.call("POST", "/api/me/watchdogs", { token: watcher.token, body });
    expect(
      (await api.call("POST", "/api/me/watchdogs", { body: { kind: "product", productId: soldOut.id } }))
        .status,
    ).toBe(401);
    expect((await set({ kind: "product", productId: inStock.id })).json).toEqual({
      errors: { productId: ["Toto zboží je právě skladem, můžete ho rovnou koupit."] },
    });
    const product = await set({ kind: "product", productId: soldOut.id });
    expect(product.status).toBe(201);
    expect((await set({ kind: "product", productId: soldOut.id })).status).toBe(200);
    expect((await set({ kind: "category", categoryId: branch.id })).status).toBe(201);
    expect((await set({ kind: "search", query: "  Cohiba   Behike ", delivery: "daily" })).status).toBe(201);
    expect((await set({ kind: "search", query: "x" })).status).toBe(422);
    const listed = await api.call("GET", "/api/me/watchdogs", { token: watcher.token });
    expect(
      listed.json.items.map((item: { kind: string; label: string; delivery: string }) => [
        item.kind,
        item.label,
        item.delivery,
      ]),
    ).toEqual([
      ["search", "Cohiba Behike", "daily"],
      ["category", "Doutníky", "immediate"],
      ["product", "Havana Club Máximo", "immediate"],
    ]);
    // Another user's watchdog is not theirs to change.
    const stranger = await api.createUser();
    expect(
      (await api.call("DELETE", `/api/me/watchdogs/${product.json.id}`, { token: stranger.token })).status,
    ).toBe(404);

    const start = Date.now() + 1000;
    expect(await api.services.watchdogs.sweep(new Date(start))).toBe(0);
    // Back in stock: told once, however many sweeps see it.
    await api.db.update(products).set({ stock: 2 }).where(eq(products.id, soldOut.id));
    expect(await api.services.watchdogs.sweep(new Date(start + 60_000))).toBe(1);
    expect(await api.services.watchdogs.sweep(new Date(start + 120_000))).toBe(0);
    // New listings: the cigar matches the category and the (daily) search; its seller's own watchdogs would not.
    await insertProduct(api.db, {
      categoryId: branch.id,
      format: "classified",
      sellerId: seller.user.id,
      nameCs: "Cohiba Behike 56",
      searchText: "cohiba behike 56 doutniky",
      searchName: "cohiba behike 56",
      activationAt: new Date(start + 150_000),
    });
    expect(await api.services.watchdogs.sweep(new Date(start + 180_000))).toBe(1);
    expect(await api.services.watchdogs.sweep(new Date(start + 240_000))).toBe(0);
    const notices = await api.call("GET", "/api/messages/threads?filter=system", { token: watcher.token });
    const thread = await api.call("GET", `/api/messages/threads/${notices.json.items[0].id}`, {
      token: watcher.token,
    });
    expect(
      thread.json.data.messages.map((message: { text: string; link: string }) => [
        message.text,
        message.link,
      ]),
    ).toEqual([
      [
        "Hlídané zboží Havana Club Máximo je znovu skladem.",
        expect.stringMatching(new RegExp(`^/${soldOut.id}/`)),
      ],
      [
        "V kategorii Doutníky přibylo nových položek: 1 (Cohiba Behike 56).",
        `/${branch.id}/${branch.slugCs}`,
      ],
    ]);
    // The daily digest tells the search's find once.
    expect(await api.services.watchdogs.deliverPending("daily", new Date(start + 300_000))).toBe(1);
    expect(await api.services.watchdogs.deliverPending("daily", new Date(start + 360_000))).toBe(0);
    const after = await api.call("GET", `/api/messages/threads/${notices.json.items[0].id}`, {
      token: watcher.token,
    });
    expect(after.json.data.messages.at(-1).text).toBe(
      "Hledání „Cohiba Behike“ našlo nové položky: 1 (Cohiba Behike 56).",
    );
  });
});
