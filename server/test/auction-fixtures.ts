import type { Db } from "../db/client.ts";
import { BID_STEPS } from "../db/seed/settings-data.ts";
import { newToken } from "../modules/auth/index.ts";
import { sessions } from "../modules/auth/tables.ts";
import type { NewProduct } from "../modules/listings/tables/products.ts";
import { settings } from "../modules/settings/tables.ts";
import { sellerDeclarations } from "../modules/traders/tables.ts";
import { users } from "../modules/users/tables.ts";
import { insertCategory, insertProduct } from "./fixtures.ts";

/**
 * Rows for bidding tests, inserted directly: the `bid` and `softClose` settings as the seed has
 * them, users who may bid (with a session token, without the cost of a password hash each) and
 * auctions.
 */

export async function insertAuctionSettings(db: Db, softCloseMinutes = 2) {
  await db
    .insert(settings)
    .values([
      { name: "bid", locale: null, value: BID_STEPS },
      { name: "softClose", locale: null, value: { minutes: softCloseMinutes } },
    ])
    .onConflictDoNothing();
}

let counter = 0;

/**
 * Users with a confirmed e-mail and age (override to test refusals), each with a session token,
 * declared private sellers so that they may publish (issue 36, item 2; `seller: null`: undeclared).
 */
export async function insertBidders(
  db: Db,
  count: number,
  overrides: Partial<typeof users.$inferInsert> = {},
  { seller = "private" }: { seller?: "private" | null } = {},
) {
  const stamp = `${process.pid}${Date.now() % 100000}`;
  const rows = Array.from({ length: count }, () => {
    counter += 1;
    return {
      email: `bidder${counter}-${stamp}@example.cz`,
      username: `dražitel${counter}x${stamp}`,
      // Never used to log in: the session below stands for a login.
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$unused$unused",
      emailConfirmedAt: new Date(),
      adultConfirmedAt: new Date(),
      ...overrides,
    };
  });
  const inserted = await db.insert(users).values(rows).returning();
  if (seller)
    await db
      .insert(sellerDeclarations)
      .values(inserted.map((user) => ({ userId: user.id, kind: seller, status: "active" as const })));
  const tokens = inserted.map(() => newToken());
  await db.insert(sessions).values(
    inserted.map((user, index) => ({
      userId: user.id,
      tokenHash: tokens[index].hash,
      expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
      lastUsedAt: new Date(),
    })),
  );
  return inserted.map((user, index) => ({ user, token: tokens[index].token }));
}

/** An active 7-day auction of the seller, ending in `endsInMs` (default a day), starting at 1 000 Kč. */
export async function insertAuction(
  db: Db,
  input: { sellerId: number; categoryId?: number; endsInMs?: number } & Partial<NewProduct>,
) {
  const { endsInMs = 24 * 3600 * 1000, ...overrides } = input;
  const categoryId = input.categoryId ?? (await insertCategory(db)).id;
  return insertProduct(db, {
    format: "auction",
    status: "active",
    priceMinor: null,
    startPriceMinor: 100_000,
    auctionDuration: "week",
    activationAt: new Date(Date.now() - 3600 * 1000),
    endsAt: new Date(Date.now() + endsInMs),
    ...overrides,
    categoryId,
  });
}
