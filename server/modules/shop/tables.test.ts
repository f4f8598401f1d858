import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { openTestDatabase, type TestDatabase } from "#server/db/test-database.ts";
import { insertCategory, insertProduct } from "#server/test/fixtures.ts";
import { users } from "../users/tables.ts";
import { newCartToken } from "./rows.ts";
import { cartLines, carts } from "./tables.ts";

let database: TestDatabase;
let db: Db;
let productId: number;
let userId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  productId = (await insertProduct(db, { categoryId: (await insertCategory(db)).id, stock: 2 })).id;
  const [user] = await db
    .insert(users)
    .values({ email: "kosik@example.cz", username: "kosik", passwordHash: "x" })
    .returning();
  userId = user.id;
});
afterAll(async () => {
  await database?.dispose();
});

/** The SQLSTATE and constraint behind drizzle's wrapper. */
async function rejection(run: () => PromiseLike<unknown>) {
  try {
    await run();
  } catch (error) {
    let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    while (current && !current.code && current.cause) current = current.cause as typeof current;
    return { code: current?.code, constraint: current?.constraint };
  }
  throw new Error("the statement should have been rejected");
}

describe("the carts' constraints", () => {
  it("a cart is a guest's (a 32-hex token) or a user's, never both nor neither", async () => {
    expect(await rejection(() => db.insert(carts).values({}))).toMatchObject({
      constraint: "carts_owner_check",
    });
    expect(await rejection(() => db.insert(carts).values({ userId, token: newCartToken() }))).toMatchObject({
      constraint: "carts_owner_check",
    });
    expect(await rejection(() => db.insert(carts).values({ token: "guessable" }))).toMatchObject({
      constraint: "carts_token_check",
    });
    await db.insert(carts).values({ userId });
    expect(await rejection(() => db.insert(carts).values({ userId }))).toMatchObject({
      code: "23505",
      constraint: "carts_user_id_unique",
    });
  });

  it("a line holds a product once, with at least one piece", async () => {
    const [cart] = await db.insert(carts).values({ token: newCartToken() }).returning();
    const other = (await insertProduct(db, { categoryId: (await insertCategory(db)).id })).id;
    await db.insert(cartLines).values({ cartId: cart.id, productId, quantity: 1, seenUnitPriceMinor: 100 });
    expect(
      await rejection(() =>
        db.insert(cartLines).values({ cartId: cart.id, productId, quantity: 1, seenUnitPriceMinor: 100 }),
      ),
    ).toMatchObject({ code: "23505" });
    expect(
      await rejection(() =>
        db
          .insert(cartLines)
          .values({ cartId: cart.id, productId: other, quantity: 0, seenUnitPriceMinor: 1 }),
      ),
    ).toMatchObject({ code: "23514" });
  });
});
