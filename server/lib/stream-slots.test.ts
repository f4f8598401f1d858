import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "../test/api-harness.ts";
import { insertAuction, insertAuctionSettings } from "../test/auction-fixtures.ts";
import { sseReader } from "../test/sse.ts";
import { STREAM_RETRY_AFTER_SECONDS, STREAMS_PER_IP, STREAMS_PER_USER } from "./stream-slots.ts";

/**
 * Live streams (auction pages, the user's events) are capped per client address and per user: the
 * stream over the cap is a 429 with Retry-After, and a closed stream frees its place. All test
 * requests come from one address (app.request has no socket).
 */
let api: TestApi;
let auctionUrl: string;
const open: { close: () => Promise<void> }[] = [];

beforeAll(async () => {
  api = await createTestApi();
  await insertAuctionSettings(api.db);
  const seller = await api.createUser();
  const auction = await insertAuction(api.db, { sellerId: seller.user.id });
  auctionUrl = `/api/auctions/${auction.id}/stream`;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((stream) => stream.close()));
  // Every place is free again before the next test (the release follows the close at once).
  await vi.waitFor(() => expect(api.services.streamSlots.ofIp("unknown")).toBe(0), { timeout: 10_000 });
});
afterAll(async () => {
  await api?.close();
});

/** Opens a stream; a 200 is read up to its first event (it is attached then) and kept open. */
async function connect(url: string, token?: string) {
  const controller = new AbortController();
  const response = await api.app.request(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  if (response.status !== 200) return { status: response.status, response, close: async () => {} };
  const reader = sseReader(response);
  await reader.next(1);
  const stream = {
    status: 200,
    response,
    close: async () => {
      await reader.cancel();
      controller.abort();
    },
  };
  open.push(stream);
  return stream;
}

describe("live stream caps", () => {
  it(`lets one address hold ${STREAMS_PER_IP} streams; the next is a translated 429 until one closes`, async () => {
    for (let index = 0; index < STREAMS_PER_IP; index++) expect((await connect(auctionUrl)).status).toBe(200);
    const refused = await connect(auctionUrl);
    expect(refused.status).toBe(429);
    expect(refused.response.headers.get("retry-after")).toBe(String(STREAM_RETRY_AFTER_SECONDS));
    expect(await refused.response.json()).toEqual({
      message: "Máte otevřeno příliš mnoho živých přenosů. Zavřete některé stránky a zkuste to znovu.",
    });
    // A signed-in user's event stream from the same address counts too.
    const { token } = await api.createUser();
    expect((await connect("/api/me/events", token)).status).toBe(429);

    await open.shift()!.close();
    const again = await vi.waitFor(
      async () => {
        const stream = await connect(auctionUrl);
        expect(stream.status).toBe(200);
        return stream;
      },
      { timeout: 10_000 },
    );
    expect(again.status).toBe(200);
    expect((await connect(auctionUrl)).status).toBe(429);
  });

  it(`lets one user hold ${STREAMS_PER_USER} streams across both feeds; another user still gets in`, async () => {
    const { token } = await api.createUser();
    for (let index = 0; index < STREAMS_PER_USER / 2; index++) {
      expect((await connect("/api/me/events", token)).status).toBe(200);
      expect((await connect(auctionUrl, token)).status).toBe(200);
    }
    expect((await connect("/api/me/events", token)).status).toBe(429);
    const english = await connect(`${auctionUrl}?lang=en`, token);
    expect(english.status).toBe(429);
    expect((await english.response.json()).message).toBe(
      "You have too many live updates open. Close some pages and try again.",
    );
    const other = await api.createUser();
    expect((await connect("/api/me/events", other.token)).status).toBe(200);

    await open.shift()!.close();
    await vi.waitFor(async () => expect((await connect("/api/me/events", token)).status).toBe(200), {
      timeout: 10_000,
    });
  });
});
