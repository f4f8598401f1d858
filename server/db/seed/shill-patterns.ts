import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import * as t from "../schema.ts";
import type { PlannedProduct } from "./products.ts";
import { DAY } from "./time.ts";

/**
 * The demo's shill-bidding patterns (docs/product/trust.md, "Shill-bidding signals"; ADR 0087), laid
 * down over the planned auctions before they are stored, so that the moderators' list has
 * something to show while the ordinary demo bidding raises nothing:
 *
 * - "rumovy.kamarad", a friend of the verified seller: seen on the seller's device, with the
 *   seller's street as delivery address, raising the price in 5 of the seller's ended auctions
 *   (bids taken over from collectors) and winning none;
 * - "cerstvy.ucet", an account of a few days that won two auctions of one seller with bids three
 *   and a half minutes before their ends.
 *
 * The fingerprints are hashed with a demo key: they match nothing a browser sends.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const SHILL_FRIEND_EMAIL = "kamarad@rarita.test";
export const SHILL_NEWCOMER_EMAIL = "cerstvy@rarita.test";

const demoHash = (kind: string, value: string) =>
  createHmac("sha256", "rarita-demo-fingerprints").update(`${kind}:${value}`).digest("hex");

const isSoldWithBids = (p: PlannedProduct) => p.row.status === "sold" && p.bids.length >= 2 && p.row.endedAt;
const newestFirst = (a: PlannedProduct, b: PlannedProduct) =>
  (b.row.endedAt as Date).getTime() - (a.row.endedAt as Date).getTime();

/** The friend takes over one collector's bid (never the last) in up to 5 of the seller's sold auctions. */
function friendBids(
  planned: PlannedProduct[],
  ctx: { seller: number; collectors: Set<number>; friend: number },
) {
  let taken = 0;
  for (const product of planned
    .filter((p) => p.row.sellerId === ctx.seller && isSoldWithBids(p))
    .sort(newestFirst)) {
    if (taken === 5) break;
    const bid = product.bids.slice(0, -1).find((one) => ctx.collectors.has(one.userId));
    if (!bid) continue;
    bid.userId = ctx.friend;
    taken += 1;
  }
  return taken;
}

/** The newcomer's winning bids 150 s before the end (outside soft close) of two auctions of one seller. */
function newcomerBids(
  planned: PlannedProduct[],
  ctx: { seller: number; collectors: Set<number>; newcomer: number; now: Date },
) {
  const lateAt = (p: PlannedProduct) => new Date((p.row.endsAt as Date).getTime() - 150_000);
  const recent = planned
    .filter(
      (p) =>
        isSoldWithBids(p) &&
        p.row.endsAt &&
        ctx.collectors.has(p.row.winnerId as number) &&
        p.bids[p.bids.length - 2].createdAt < lateAt(p) &&
        ctx.now.getTime() - (p.row.endedAt as Date).getTime() < 30 * DAY,
    )
    .sort(newestFirst);
  const bySeller = Map.groupBy(recent, (p) => p.row.sellerId as number);
  // Two lots of one seller ending within 4 days of each other: the account is under 7 days old at both.
  const pair = [...bySeller.entries()]
    .sort(([a], [b]) => Number(a === ctx.seller) - Number(b === ctx.seller))
    .map(([, lots]) => lots)
    .flatMap((lots) => lots.slice(1).map((lot, index) => [lots[index], lot]))
    .find(([a, b]) => lateAt(a).getTime() - lateAt(b).getTime() < 4 * DAY);
  if (!pair) return null;
  for (const product of pair) {
    const last = product.bids[product.bids.length - 1];
    last.userId = ctx.newcomer;
    last.createdAt = lateAt(product);
    product.row.winnerId = ctx.newcomer;
  }
  return new Date(Math.min(...pair.map((p) => lateAt(p).getTime())) - 2 * DAY);
}

export async function seedShillPatterns(
  tx: Tx,
  ctx: { planned: PlannedProduct[]; users: Map<string, number>; now: Date; passwordHash: string },
): Promise<{ friendBids: number; newcomerBids: number }> {
  const { now } = ctx;
  const seller = ctx.users.get("seller") as number;
  const collectors = new Set(
    [...ctx.users.entries()].filter(([handle]) => handle.startsWith("collector")).map(([, id]) => id),
  );
  const account = (
    email: string,
    username: string,
    firstname: string,
    lastname: string,
    createdAt: Date,
  ) => ({
    email,
    username,
    passwordHash: ctx.passwordHash,
    firstname,
    lastname,
    locale: "cs" as const,
    emailConfirmedAt: createdAt,
    adultConfirmedAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  });
  const [friend, newcomer] = await tx
    .insert(t.users)
    .values([
      account(
        SHILL_FRIEND_EMAIL,
        "rumovy.kamarad",
        "Petr",
        "Kamarádský",
        new Date(now.getTime() - 240 * DAY),
      ),
      account(SHILL_NEWCOMER_EMAIL, "cerstvy.ucet", "Ondřej", "Nový", new Date(now.getTime() - 3 * DAY)),
    ])
    .returning({ id: t.users.id });
  const taken = friendBids(ctx.planned, { seller, collectors, friend: friend.id });
  const newcomerCreated = newcomerBids(ctx.planned, { seller, collectors, newcomer: newcomer.id, now });
  if (newcomerCreated)
    await tx
      .update(t.users)
      .set({
        createdAt: newcomerCreated,
        emailConfirmedAt: newcomerCreated,
        adultConfirmedAt: newcomerCreated,
      })
      .where(eq(t.users.id, newcomer.id));
  const [sellerAddress] = await tx.select().from(t.addresses).where(eq(t.addresses.userId, seller)).limit(1);
  if (sellerAddress)
    await tx.insert(t.addresses).values({
      userId: friend.id,
      kind: "delivery",
      name: "Petr Kamarádský",
      street: sellerAddress.street,
      city: sellerAddress.city,
      zip: sellerAddress.zip,
      countryCode: sellerAddress.countryCode,
    });
  const laptop = demoHash("device", "the seller's laptop");
  await tx.insert(t.accountFingerprints).values([
    {
      userId: seller,
      kind: "device",
      hash: laptop,
      firstSeenAt: new Date(now.getTime() - 200 * DAY),
      lastSeenAt: now,
    },
    {
      userId: friend.id,
      kind: "device",
      hash: laptop,
      firstSeenAt: new Date(now.getTime() - 180 * DAY),
      lastSeenAt: now,
    },
    {
      userId: seller,
      kind: "ip",
      hash: demoHash("ip", "seller"),
      firstSeenAt: new Date(now.getTime() - 200 * DAY),
      lastSeenAt: now,
    },
  ]);
  return { friendBids: taken, newcomerBids: newcomerCreated ? 2 : 0 };
}
