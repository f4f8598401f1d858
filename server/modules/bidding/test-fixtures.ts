import { afterAll, beforeAll } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertAuctionSettings, insertBidders } from "#server/test/auction-fixtures.ts";

type Bidder = Awaited<ReturnType<typeof insertBidders>>[number];

/**
 * The bidding tests' setting, opened before a file's tests and closed after them: the real API
 * over a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), the `bid` and `softClose`
 * settings, and a seller whose auctions the tests bid on. Its fields are there once the file's
 * tests run.
 */
export function withBiddingTestApi(): { readonly api: TestApi; readonly seller: Bidder } {
  const opened: { api?: TestApi; seller?: Bidder } = {};
  beforeAll(async () => {
    opened.api = await createTestApi();
    await insertAuctionSettings(opened.api.db);
    [opened.seller] = await insertBidders(opened.api.db, 1);
  }, 60_000);
  afterAll(async () => {
    await opened.api?.services.stopLiveStreams();
    await opened.api?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("withBiddingTestApi(): read inside a test or a hook");
    return value;
  };
  return {
    get api() {
      return ready(opened.api);
    },
    get seller() {
      return ready(opened.seller);
    },
  };
}
