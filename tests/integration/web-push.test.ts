import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebPushSender, generateVapidKeys } from "#server/adapters/push/index.ts";
import { type PushSimulator, startPushSimulator } from "#server/adapters/push/simulator.ts";
import { OUTBID_QUEUE } from "#server/modules/bidding/queues.ts";
import { PUSH_QUEUE } from "#server/modules/push/index.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuction, insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";
import { pushDevice } from "#server/test/push-device.ts";

/*
 * Web push end to end (issue 39, item 2; ADR 0110): the real notifier, outbox job and web-push
 * adapter against the local push service, which verifies the VAPID header; the test holds each
 * subscription's keys and decrypts what the service received.
 */

let simulator: PushSimulator;
let api: TestApi;
let seller: Awaited<ReturnType<typeof insertBidders>>[number];

beforeAll(async () => {
  simulator = await startPushSimulator();
  api = await createTestApi({ PUSH_ENDPOINT_ORIGINS: simulator.url });
  await insertAuctionSettings(api.db);
  [seller] = await insertBidders(api.db, 1);
}, 180_000);
afterAll(async () => {
  await api?.services.stopLiveStreams();
  await api?.close();
  await simulator?.stop();
});

const bid = (token: string, productId: number, amount: number) =>
  api.call("POST", `/api/auctions/${productId}/bids`, { token, body: { amount } });

/** What the worker does in the server: the outbid notice's job, then the pushes it queued. */
async function runNoticeJobs() {
  await api.jobs.runPending(OUTBID_QUEUE);
  await api.jobs.runPending(PUSH_QUEUE);
}

async function outbid(victimToken: string, rivalToken: string) {
  const auction = await insertAuction(api.db, { sellerId: seller.user.id });
  expect((await bid(victimToken, auction.id, 100_000)).status).toBe(201);
  expect((await bid(rivalToken, auction.id, 150_000)).status).toBe(201);
  return auction;
}

describe("web push", () => {
  it("an outbid bidder gets exactly one push, readable only with the subscription's keys, within seconds", async () => {
    const push = api.services.push;
    const [anna, bob] = await insertBidders(api.db, 2);
    const phone = pushDevice(simulator, push.publicKey()!);
    const subscribed = await push.subscribe(anna.user.id, phone.subscription);
    // Subscribing is the opt-in: every kind on.
    expect(subscribed).toEqual({
      ok: true,
      value: { outbid: true, won: true, ending_soon: true, message: true, deal: true },
    });

    const started = Date.now();
    const auction = await outbid(anna.token, bob.token);
    await runNoticeJobs();
    const received = phone.received();
    // Seconds, jobs included (on a busy test machine too; the server's workers poll these queues).
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ kind: "outbid", title: `Byli jste přehozeni: ${auction.nameCs}` });
    expect(received[0].url).toMatch(/^\/[^/]/);
    expect(received[0].url).toContain(String(auction.id));
    // The body on the wire is ciphertext: nothing of the payload shows.
    const raw = Buffer.from(phone.raw()[0].body, "base64").toString("latin1");
    expect(raw).not.toContain("outbid");
    expect(phone.raw()[0]).toMatchObject({ urgency: "high", ttl: 3600 });

    // The jobs run again, and the push job is retried as after a crash: still one push.
    await runNoticeJobs();
    await push.deliver({ userId: anna.user.id, payload: received[0] });
    expect(phone.received()).toHaveLength(1);
    // Bob, who leads and never subscribed, gets nothing and queues nothing.
    expect(await api.jobs.runPending(PUSH_QUEUE)).toBe(0);
  });

  it("pushes only the kinds switched on, to every browser of the user", async () => {
    const push = api.services.push;
    const [anna, bob] = await insertBidders(api.db, 2);
    const laptop = pushDevice(simulator, push.publicKey()!);
    const phone = pushDevice(simulator, push.publicKey()!);
    await push.subscribe(anna.user.id, laptop.subscription);
    await push.subscribe(anna.user.id, phone.subscription);
    expect(await push.deviceCount(anna.user.id)).toBe(2);

    expect(await push.saveSwitches(anna.user.id, { outbid: false })).toMatchObject({
      outbid: false,
      won: true,
    });
    await outbid(anna.token, bob.token);
    await runNoticeJobs();
    expect(laptop.received()).toEqual([]);

    await push.saveSwitches(anna.user.id, { outbid: true });
    await outbid(anna.token, bob.token);
    await runNoticeJobs();
    expect(laptop.received().map((p) => p.kind)).toEqual(["outbid"]);
    expect(phone.received().map((p) => p.kind)).toEqual(["outbid"]);
  });

  it("drops a subscription the push service answers 410 or 404 for, and keeps the others", async () => {
    const push = api.services.push;
    const [anna, bob] = await insertBidders(api.db, 2);
    const expired = pushDevice(simulator, push.publicKey()!);
    const alive = pushDevice(simulator, push.publicKey()!);
    // An endpoint the push service never made (or forgot) answers 404.
    const forgotten = pushDevice(simulator, push.publicKey()!);
    forgotten.subscription.endpoint = `${simulator.url}/push/never-made-here`;
    for (const device of [expired, alive, forgotten]) await push.subscribe(anna.user.id, device.subscription);
    simulator.expire(expired.subscription.endpoint);

    await outbid(anna.token, bob.token);
    await runNoticeJobs();
    expect(alive.received()).toHaveLength(1);
    expect(expired.received()).toEqual([]);
    expect(await push.deviceCount(anna.user.id)).toBe(1);
  });

  it("refuses endpoints outside the push services and keys of the wrong size", async () => {
    const push = api.services.push;
    const [anna] = await insertBidders(api.db, 1);
    const device = pushDevice(simulator, push.publicKey()!);
    const refused = [
      { ...device.subscription, endpoint: "http://169.254.169.254/latest/meta-data" },
      { ...device.subscription, endpoint: "https://evil.example/push/1" },
      { ...device.subscription, keys: { ...device.subscription.keys, auth: "c2hvcnQ" } },
    ];
    for (const subscription of refused)
      expect(await push.subscribe(anna.user.id, subscription)).toMatchObject({ ok: false, code: "invalid" });
    expect(await push.deviceCount(anna.user.id)).toBe(0);
    expect((await push.subscribe(anna.user.id, device.subscription)).ok).toBe(true);
    expect(await push.unsubscribe(anna.user.id, device.subscription.endpoint)).toBe(true);
    expect(await push.deviceCount(anna.user.id)).toBe(0);
  });

  it("the local push service refuses a push signed with another VAPID key than the subscription's", async () => {
    const ours = api.services.push.publicKey()!;
    const device = pushDevice(simulator, ours);
    const stranger = createWebPushSender({ ...generateVapidKeys(), subject: "mailto:x@example.cz" });
    expect(await stranger.send(device.subscription, { payload: "{}", ttl: 60 })).toBe("rejected");
    expect(device.raw()).toEqual([]);
  });
});

describe("the push API", () => {
  it("gives the key, stores a subscription and the switches for the signed-in user only", async () => {
    const key = await api.call("GET", "/api/push/key");
    expect(key.json.publicKey).toBe(api.services.push.publicKey());
    const [anna] = await insertBidders(api.db, 1);
    const device = pushDevice(simulator, key.json.publicKey);

    expect((await api.call("POST", "/api/me/push/subscriptions", { body: device.subscription })).status).toBe(
      401,
    );
    const subscribed = await api.call("POST", "/api/me/push/subscriptions", {
      token: anna.token,
      body: device.subscription,
    });
    expect(subscribed.status).toBe(200);
    expect(subscribed.json.data.outbid).toBe(true);
    const foreign = await api.call("POST", "/api/me/push/subscriptions", {
      token: anna.token,
      body: { ...device.subscription, endpoint: "https://evil.example/push" },
    });
    expect(foreign.status).toBe(422);

    const saved = await api.call("PUT", "/api/me/push", { token: anna.token, body: { message: false } });
    expect(saved.json.data).toMatchObject({ message: false, outbid: true });
    const read = await api.call("GET", "/api/me/push", { token: anna.token });
    expect(read.json).toMatchObject({ devices: 1, data: { message: false } });

    const removed = await api.call("DELETE", "/api/me/push/subscriptions", {
      token: anna.token,
      body: { endpoint: device.subscription.endpoint },
    });
    expect(removed.json).toEqual({ removed: true });
  });
});
