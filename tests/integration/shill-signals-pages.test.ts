import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "#app/context.ts";
import {
  action as detailAction,
  loader as detailLoader,
} from "#app/routes/admin/moderation/shill-signal.tsx";
import { action as listAction, loader as listLoader } from "#app/routes/admin/moderation/shill-signals.tsx";
import { effectiveScopes } from "#core/rules/staff.ts";
import { auditLog } from "#server/modules/admin/tables.ts";
import { bids } from "#server/modules/bidding/tables.ts";
import { moderationDecisions } from "#server/modules/moderation/tables.ts";
import { shillSignals } from "#server/modules/shill-signals/tables.ts";
import { users } from "#server/modules/users/tables.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertBidders } from "#server/test/auction-fixtures.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";

/**
 * "Podezřelé přihazování" as the back office's pages serve it (ADR 0087): only staff with the
 * moderation scope and a passed second factor see or decide a signal; a moderator dismisses one
 * with a note and acts on another with a statement of reasons that suspends the bidder; public
 * bid histories keep the bidders pseudonymous all along.
 */

let api: TestApi;
type Account = Awaited<ReturnType<typeof insertBidders>>[number];
let seller: Account;
let friend: Account;
const lotIds: number[] = [];
const HOUR = 3600 * 1000;

beforeAll(async () => {
  api = await createTestApi();
  const category = (await insertCategory(api.db, { depth: 1, nameCs: "Rum", slugCs: "rum-pages" })).id;
  [seller, friend] = await insertBidders(api.db, 2, { locale: "en" });
  for (let index = 0; index < 4; index += 1) {
    const ended = new Date(Date.now() - (index + 1) * 24 * HOUR);
    const [winner] = await insertBidders(api.db, 1);
    const lot = await insertProduct(api.db, {
      categoryId: category,
      sellerId: seller.user.id,
      nameCs: `Láhev ${index}`,
      format: "auction",
      status: "ended",
      priceMinor: null,
      startPriceMinor: 100_000,
      endsAt: ended,
      endedAt: ended,
      winnerId: winner.user.id,
    });
    lotIds.push(lot.id);
    await api.db.insert(bids).values([
      {
        productId: lot.id,
        userId: friend.user.id,
        amountMinor: 110_000,
        createdAt: new Date(ended.getTime() - HOUR),
      },
      {
        productId: lot.id,
        userId: winner.user.id,
        amountMinor: 120_000,
        createdAt: new Date(ended.getTime() - HOUR / 2),
      },
    ]);
  }
  // The friend also shares the seller's device: a second signal about the same pair.
  await api.services.shillSignals.fingerprints.seen(seller.user.id, "shared-device-id-0000000000", null);
  await api.services.shillSignals.fingerprints.seen(friend.user.id, "shared-device-id-0000000000", null);
}, 60_000);

afterAll(async () => {
  await api?.services.auctionStreams.stop();
  await api?.close();
});

function context(user: { id: number; role: string }, secondFactorDone = true) {
  const provider = new RouterContextProvider();
  provider.set(appContext, {
    services: api.services,
    user: { ...user, scope: effectiveScopes(user.role as never, []) },
    locale: "cs",
    secondFactorDone,
    clientIp: "127.0.0.1",
  } as never);
  return provider;
}

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? (error as Response).status;
  }
}

const post = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return new Request("http://x/admin/moderace/podezrele-prihazovani", { method: "POST", body: form });
};

const signalOf = async (kind: "never_wins" | "shared_device") =>
  (
    await api.db
      .select()
      .from(shillSignals)
      .where(and(eq(shillSignals.bidderId, friend.user.id), eq(shillSignals.kind, kind)))
  )[0];

describe("the shill-bidding pages", () => {
  it("a moderator's 'check now' lists the signals with their evidence", async () => {
    const { user: moderator } = await api.createUser({ role: "moderator" });
    const checked = (await listAction({ request: post({}), context: context(moderator) } as never)) as {
      checked: string;
    };
    expect(checked.checked).toContain("Kontrola hotova");
    const request = new Request("http://x/admin/moderace/podezrele-prihazovani?status=new");
    const page = (await listLoader({ request, context: context(moderator) } as never)) as {
      rows: { kind: string; bidder: { id: number }; evidence: Record<string, unknown> }[];
    };
    const mine = page.rows.filter((row) => row.bidder.id === friend.user.id);
    expect(mine.map((row) => row.kind).sort()).toEqual(["never_wins", "shared_device"]);
    expect(mine.find((row) => row.kind === "never_wins")?.evidence).toMatchObject({ raised: 4, won: 0 });
  });

  it("refuses users without the moderation scope, and staff before their second factor", async () => {
    const signal = await signalOf("never_wins");
    const params = { id: String(signal.id) };
    const request = new Request("http://x/admin/moderace/podezrele-prihazovani");
    for (const role of ["user", "editor", "accountant", "support"]) {
      const { user } = await api.createUser({ role: role as never });
      expect(await status(listLoader({ request, context: context(user) } as never)), role).toBe(403);
      expect(await status(detailLoader({ params, context: context(user) } as never)), role).toBe(403);
      const dismiss = post({ intent: "dismiss", note: "Nic podezřelého." });
      expect(
        await status(detailAction({ request: dismiss, params, context: context(user) } as never)),
        role,
      ).toBe(403);
      expect(await status(listAction({ request: post({}), context: context(user) } as never)), role).toBe(
        403,
      );
    }
    const { user: moderator } = await api.createUser({ role: "moderator" });
    expect(await status(detailLoader({ params, context: context(moderator, false) } as never))).toBe(403);
    expect((await signalOf("never_wins")).status).toBe("new");
  });

  it("shows staff the lots' bids under real names; the public history stays masked", async () => {
    const { user: moderator } = await api.createUser({ role: "moderator" });
    const signal = await signalOf("never_wins");
    const page = (await detailLoader({
      params: { id: String(signal.id) },
      context: context(moderator),
    } as never)) as {
      detail: { lotList: { bids: { bidder: { username: string; email: string } }[] }[] };
    };
    const names = page.detail.lotList.flatMap((lot) => lot.bids.map((bid) => bid.bidder.username));
    expect(names).toContain(friend.user.username);
    for (const lotId of lotIds) {
      const history = await api.call("GET", `/api/auctions/${lotId}/bids`);
      expect(history.status).toBe(200);
      expect(history.text).not.toContain(friend.user.username);
      expect(history.text).not.toContain(friend.user.email);
      for (const bid of history.json.bids as { bidder: string }[]) expect(bid.bidder).toMatch(/^.\*\*\*.$/u);
    }
  });

  it("dismisses with a note (audited) and refuses a dismissal without one", async () => {
    const { user: moderator } = await api.createUser({ role: "moderator" });
    const signal = await signalOf("shared_device");
    const params = { id: String(signal.id) };
    const empty = (await detailAction({
      request: post({ intent: "dismiss", note: "" }),
      params,
      context: context(moderator),
    } as never)) as { init?: { status?: number } };
    expect(empty.init?.status).toBe(422);
    expect((await signalOf("shared_device")).status).toBe("new");
    const note = "Domácnost: prodávající a jeho syn sdílí počítač, jinak nic.";
    const done = (await detailAction({
      request: post({ intent: "dismiss", note }),
      params,
      context: context(moderator),
    } as never)) as { done: string };
    expect(done.done).toBe("Signál je zamítnutý.");
    expect(await signalOf("shared_device")).toMatchObject({
      status: "dismissed",
      note,
      decidedBy: moderator.id,
    });
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "shill_signal.dismiss"), eq(auditLog.entityId, String(signal.id))));
    expect(entry.actorId).toBe(moderator.id);
  });

  it("acts with a statement of reasons: the bidder, whatever the form names, is suspended and told", async () => {
    const { user: moderator } = await api.createUser({ role: "moderator" });
    const signal = await signalOf("never_wins");
    const params = { id: String(signal.id) };
    api.sentMail.length = 0;
    const until = new Date(Date.now() + 30 * 24 * HOUR).toISOString().slice(0, 10);
    const request = post({
      intent: "decide",
      action: "suspend_account",
      target: "user",
      targetId: String(seller.user.id),
      ground: "own_initiative",
      facts: "The account raised the price in 4 ended auctions of one seller and won none.",
      reasons: "Shill bidding is forbidden by the terms.",
      termsSection: "fair_dealing",
      suspendedUntil: until,
    });
    const done = (await detailAction({ request, params, context: context(moderator) } as never)) as {
      done: string;
    };
    expect(done.done).toContain("Opatření je přijato");
    const acted = await signalOf("never_wins");
    expect(acted.status).toBe("acted");
    const [decision] = await api.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.id, acted.moderationDecisionId as number));
    expect(decision.facts).toContain("won none");
    const [bidder] = await api.db.select().from(users).where(eq(users.id, friend.user.id));
    expect(bidder.suspendedUntil?.getTime()).toBeGreaterThan(Date.now());
    const [sellerRow] = await api.db.select().from(users).where(eq(users.id, seller.user.id));
    expect(sellerRow.suspendedUntil).toBeNull();
    await api.deliverMail();
    expect(api.sentMail.some((mail) => JSON.stringify(mail).includes(friend.user.email))).toBe(true);
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "shill_signal.act"), eq(auditLog.entityId, String(signal.id))));
    expect(entry.data).toMatchObject({ moderationDecisionId: decision.id });
  });
});
