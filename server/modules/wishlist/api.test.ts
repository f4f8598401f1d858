import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { insertCatalogFixture, insertProduct } from "#server/test/fixtures.ts";
import { products } from "../listings/tables/products.ts";
import { MAX_WISHLIST_ITEMS } from "./items.ts";
import { wishlistItems, wishlists } from "./tables.ts";

let api: TestApi;
let catalog: Awaited<ReturnType<typeof insertCatalogFixture>>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  api = await createTestApi();
  catalog = await insertCatalogFixture(api.db);
});
afterAll(async () => {
  await api?.close();
});

/** Every wishlist and item row, to prove that a refused call changed nothing. */
async function snapshot() {
  return {
    wishlists: await api.db.select().from(wishlists).orderBy(wishlists.id),
    items: await api.db.select().from(wishlistItems).orderBy(wishlistItems.id),
  };
}

async function guestWishlist(): Promise<string> {
  const response = await api.call("POST", "/api/wishlist");
  expect(response.status).toBe(201);
  return response.json.temp_id as string;
}

async function userWishlist(token: string): Promise<string> {
  const response = await api.call("POST", "/api/wishlist", { token });
  expect([200, 201]).toContain(response.status);
  return response.json.temp_id as string;
}

function hampdenItem(locale: "cs" | "en", note: string | null) {
  const { root, rum, jamaica } = catalog.categories;
  const { hampden } = catalog.products;
  return {
    id: expect.any(Number),
    product: {
      id: hampden.id,
      categories: [jamaica.id, rum.id, root.id],
      name: locale === "cs" ? "Hampden 8 let" : "Hampden 8 years",
      // The leaf category has no English slug: Czech fallback.
      url:
        locale === "cs"
          ? `/${hampden.id}/jamajka/hampden-8-let`
          : `/en/${hampden.id}/jamajka/hampden-8-years`,
      price: 189_000,
      image: "/uploads/products/h/front.webp",
    },
    note,
  };
}

describe("POST /api/wishlist", () => {
  it("creates an anonymous wishlist for a guest with a fresh temp_id, also set in the guest-wishlist cookie", async () => {
    const response = await api.call("POST", "/api/wishlist");
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      id: expect.any(Number),
      site_id: 1,
      user_id: null,
      temp_id: expect.stringMatching(UUID),
      items: [],
    });
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`guest-wishlist=${response.json.temp_id}`);
    expect(cookie).toContain("Max-Age=1209600");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("HttpOnly");

    const second = await api.call("POST", "/api/wishlist");
    expect(second.json.temp_id).not.toBe(response.json.temp_id);
    const [row] = await api.db.select().from(wishlists).where(eq(wishlists.id, response.json.id));
    expect(row).toMatchObject({ userId: null, tempId: response.json.temp_id });
  });

  it("creates the user's own wishlist once: 201, then 200 with the same one, and no cookie", async () => {
    const { user, token } = await api.createUser();
    const first = await api.call("POST", "/api/wishlist", { token });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({
      id: expect.any(Number),
      site_id: 1,
      user_id: user.id,
      temp_id: expect.stringMatching(UUID),
      items: [],
    });
    expect(first.headers.get("set-cookie")).toBeNull();

    const again = await api.call("POST", "/api/wishlist", { token });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await api.db.select().from(wishlists).where(eq(wishlists.userId, user.id))).toHaveLength(1);
  });
});

describe("GET /api/wishlist/{locale}", () => {
  it("answers 401 without a token or with a bad one, and creates nothing", async () => {
    const before = await snapshot();
    for (const token of [undefined, "nonsense"]) {
      const response = await api.call("GET", "/api/wishlist/cs", { token });
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ message: "Pro tuto akci se musíte přihlásit." });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("gives a user who has none an empty wishlist: 200, stored once, the same on every call and for POST", async () => {
    const { user, token } = await api.createUser();
    const response = await api.call("GET", "/api/wishlist/cs", { token });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      id: expect.any(Number),
      site_id: 1,
      user_id: user.id,
      temp_id: expect.stringMatching(UUID),
      items: [],
    });
    expect(response.headers.get("set-cookie")).toBeNull();
    const again = await api.call("GET", "/api/wishlist/en", { token });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(response.json);
    const created = await api.call("POST", "/api/wishlist", { token });
    expect(created.status).toBe(200);
    expect(created.json).toEqual(response.json);
    expect(await api.db.select().from(wishlists).where(eq(wishlists.userId, user.id))).toHaveLength(1);
  });

  it("keeps one wishlist for a user whose first two loads run at once", async () => {
    const { user, token } = await api.createUser();
    const [first, second] = await Promise.all([
      api.call("GET", "/api/wishlist/cs", { token }),
      api.call("GET", "/api/wishlist/cs", { token }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.json.temp_id).toBe(first.json.temp_id);
    expect(await api.db.select().from(wishlists).where(eq(wishlists.userId, user.id))).toHaveLength(1);
  });

  it("returns the wishlist with each item's product localised: categories, name, url, price, image", async () => {
    const { user, token } = await api.createUser();
    const tempId = await userWishlist(token);
    const { hampden, appleton } = catalog.products;
    expect(
      (
        await api.call("PUT", `/api/wishlist/${tempId}`, {
          token,
          body: { productId: hampden.id, note: "Na Vánoce" },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api.call("PUT", `/api/wishlist/${tempId}`, { token, body: { productId: appleton.id } })).status,
    ).toBe(200);

    const cs = await api.call("GET", "/api/wishlist/cs", { token });
    expect(cs.status).toBe(200);
    const { root, rum, jamaica } = catalog.categories;
    // Newest first.
    expect(cs.json).toEqual({
      id: expect.any(Number),
      site_id: 1,
      user_id: user.id,
      temp_id: tempId,
      items: [
        {
          id: expect.any(Number),
          product: {
            id: appleton.id,
            categories: [jamaica.id, rum.id, root.id],
            name: "Appleton 12",
            url: `/${appleton.id}/jamajka/appleton-12`,
            price: 99_000,
            image: null,
          },
          note: null,
        },
        hampdenItem("cs", "Na Vánoce"),
      ],
    });

    const en = await api.call("GET", "/api/wishlist/en", { token });
    expect(en.json.items[1]).toEqual(hampdenItem("en", "Na Vánoce"));
    // No English name or slug: Czech fallback.
    expect(en.json.items[0].product).toMatchObject({
      name: "Appleton 12",
      url: `/en/${appleton.id}/jamajka/appleton-12`,
    });
  });

  it("shows an auction's current price (its start price before the first bid) and a classified by agreement as null", async () => {
    const { user: seller } = await api.createUser();
    const { token } = await api.createUser();
    const tempId = await userWishlist(token);
    const categoryId = catalog.categories.rum.id;
    const bidded = await insertProduct(api.db, {
      categoryId,
      format: "auction",
      sellerId: seller.id,
      priceMinor: null,
      startPriceMinor: 50_000,
      currentPriceMinor: 72_000,
    });
    const fresh = await insertProduct(api.db, {
      categoryId,
      format: "auction",
      sellerId: seller.id,
      priceMinor: null,
      startPriceMinor: 40_000,
    });
    const byAgreement = await insertProduct(api.db, {
      categoryId,
      format: "classified",
      sellerId: seller.id,
      priceMinor: null,
    });
    for (const product of [bidded, fresh, byAgreement]) {
      expect(
        (await api.call("PUT", `/api/wishlist/${tempId}`, { token, body: { productId: product.id } })).status,
      ).toBe(200);
    }
    const response = await api.call("GET", "/api/wishlist/cs", { token });
    const prices = Object.fromEntries(
      response.json.items.map((item: { product: { id: number; price: number | null } }) => [
        item.product.id,
        item.product.price,
      ]),
    );
    expect(prices).toEqual({ [bidded.id]: 72_000, [fresh.id]: 40_000, [byAgreement.id]: null });
    expect(response.json.items[0].product.categories).toEqual([
      catalog.categories.rum.id,
      catalog.categories.root.id,
    ]);
  });

  it("stops listing a followed product once moderation rejects it", async () => {
    const { token } = await api.createUser();
    const tempId = await userWishlist(token);
    const product = await insertProduct(api.db, { categoryId: catalog.categories.rum.id });
    await api.call("PUT", `/api/wishlist/${tempId}`, { token, body: { productId: product.id } });
    expect((await api.call("GET", "/api/wishlist/cs", { token })).json.items).toHaveLength(1);
    await api.db.update(products).set({ status: "rejected" }).where(eq(products.id, product.id));
    expect((await api.call("GET", "/api/wishlist/cs", { token })).json.items).toEqual([]);
  });

  it("refuses an unknown locale with 422", async () => {
    const { token } = await api.createUser();
    const response = await api.call("GET", "/api/wishlist/de", { token });
    expect(response.status).toBe(422);
    expect(response.json.errors.locale).toBeDefined();
  });
});

describe("GET /api/wishlist/anonymous/{locale}/{tempId}", () => {
  it("returns a guest's wishlist in the same shape", async () => {
    const tempId = await guestWishlist();
    await api.call("PUT", `/api/wishlist/${tempId}`, { body: { productId: catalog.products.hampden.id } });
    const response = await api.call("GET", `/api/wishlist/anonymous/en/${tempId}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      id: expect.any(Number),
      site_id: 1,
      user_id: null,
      temp_id: tempId,
      items: [hampdenItem("en", null)],
    });
    // Upper-case spelling of the same UUID finds it too.
    expect((await api.call("GET", `/api/wishlist/anonymous/cs/${tempId.toUpperCase()}`)).status).toBe(200);
  });

  it("answers 404 JSON for 0, a malformed or unknown temp id, and a user's wishlist", async () => {
    const { token } = await api.createUser();
    const userTempId = await userWishlist(token);
    for (const tempId of ["0", "abc", randomUUID(), userTempId]) {
      for (const caller of [undefined, token]) {
        const response = await api.call("GET", `/api/wishlist/anonymous/cs/${tempId}`, { token: caller });
        expect(response.status).toBe(404);
        expect(response.json).toEqual({ message: "Seznam sledovaných aukcí neexistuje." });
      }
    }
    expect((await api.call("GET", `/api/wishlist/anonymous/en/${randomUUID()}`)).json.message).toBe(
      "Seznam sledovaných aukcí neexistuje.",
    );
    expect((await api.call("GET", `/api/wishlist/anonymous/en/${randomUUID()}?lang=en`)).json.message).toBe(
      "The wishlist does not exist.",
    );
  });

  it("refuses an unknown locale and an overlong temp id with 422", async () => {
    expect((await api.call("GET", `/api/wishlist/anonymous/de/${randomUUID()}`)).status).toBe(422);
    expect((await api.call("GET", `/api/wishlist/anonymous/cs/${"a".repeat(101)}`)).status).toBe(422);
  });
});

describe("PUT /api/wishlist/{tempId}", () => {
  it("adds a product once, updates its note, keeps the note when none is given, clears it with null, removes it", async () => {
    const tempId = await guestWishlist();
    const productId = catalog.products.hampden.id;
    const put = (body: unknown) => api.call("PUT", `/api/wishlist/${tempId}`, { body });

    const added = await put({ productId, note: "  Dárek  " });
    expect(added.status).toBe(200);
    expect(added.json).toEqual({
      id: expect.any(Number),
      site_id: 1,
      user_id: null,
      temp_id: tempId,
      items: [hampdenItem("cs", "Dárek")],
    });
    const itemId = added.json.items[0].id;

    const twice = await put({ productId });
    expect(twice.json.items).toEqual([{ ...hampdenItem("cs", "Dárek"), id: itemId }]);

    const renamed = await put({ productId, note: "Na narozeniny" });
    expect(renamed.json.items).toEqual([{ ...hampdenItem("cs", "Na narozeniny"), id: itemId }]);

    const cleared = await put({ productId, note: null });
    expect(cleared.json.items[0].note).toBeNull();

    const wishlistId = added.json.id as number;
    expect(
      await api.db.select().from(wishlistItems).where(eq(wishlistItems.wishlistId, wishlistId)),
    ).toHaveLength(1);

    const removed = await put({ productId, remove: true });
    expect(removed.status).toBe(200);
    expect(removed.json.items).toEqual([]);
    expect(
      await api.db.select().from(wishlistItems).where(eq(wishlistItems.wishlistId, wishlistId)),
    ).toHaveLength(0);

    // Removing what is not there is harmless.
    const again = await put({ productId, remove: true });
    expect(again.status).toBe(200);
    expect(again.json.items).toEqual([]);
  });

  it("lets the owner change their wishlist and answers in the request's language", async () => {
    const { token } = await api.createUser();
    const tempId = await userWishlist(token);
    const response = await api.call("PUT", `/api/wishlist/${tempId}?lang=en`, {
      token,
      body: { productId: catalog.products.hampden.id },
    });
    expect(response.status).toBe(200);
    expect(response.json.items).toEqual([hampdenItem("en", null)]);
  });

  it("refuses invalid input with 422 per field and changes nothing", async () => {
    const tempId = await guestWishlist();
    await api.call("PUT", `/api/wishlist/${tempId}`, {
      body: { productId: catalog.products.appleton.id, note: "původní" },
    });
    const { user: seller } = await api.createUser();
    const draft = await insertProduct(api.db, {
      categoryId: catalog.categories.rum.id,
      format: "auction",
      status: "draft",
      sellerId: seller.id,
      startPriceMinor: 1000,
    });
    const before = await snapshot();

    const cases: [unknown, string, string[] | undefined][] = [
      [{}, "productId", ["Pole musí být vyplněno"]],
      [{ note: "bez produktu" }, "productId", ["Pole musí být vyplněno"]],
      [{ productId: "abc" }, "productId", undefined],
      [{ productId: "5" }, "productId", undefined],
      [{ productId: 1.5 }, "productId", undefined],
      [{ productId: 0 }, "productId", undefined],
      [{ productId: -3 }, "productId", undefined],
      [{ productId: 99_999_999_999 }, "productId", undefined],
      [{ productId: 999_999 }, "productId", ["Produkt neexistuje."]],
      [{ productId: draft.id }, "productId", ["Produkt neexistuje."]],
      [
        { productId: catalog.products.appleton.id, note: "x".repeat(501) },
        "note",
        ["Pole může obsahovat nejvýše 500 znaků."],
      ],
      [{ productId: catalog.products.appleton.id, note: 42 }, "note", undefined],
      [{ productId: catalog.products.appleton.id, remove: "yes" }, "remove", undefined],
      [[], "_", undefined],
    ];
    for (const [body, field, messages] of cases) {
      const response = await api.call("PUT", `/api/wishlist/${tempId}`, { body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.json.errors[field], JSON.stringify(body)).toBeDefined();
      if (messages) expect(response.json.errors[field]).toEqual(messages);
    }
    const english = await api.call("PUT", `/api/wishlist/${tempId}?lang=en`, {
      body: { productId: 999_999 },
    });
    expect(english.json).toEqual({ errors: { productId: ["The product does not exist."] } });

    const note500 = "y".repeat(500);
    expect(await snapshot()).toEqual(before);
    expect(
      (
        await api.call("PUT", `/api/wishlist/${tempId}`, {
          body: { productId: catalog.products.appleton.id, note: note500 },
        })
      ).status,
    ).toBe(200);
  });

  it("refuses a body that is not JSON with 400 and changes nothing", async () => {
    const tempId = await guestWishlist();
    const before = await snapshot();
    const response = await api.call("PUT", `/api/wishlist/${tempId}`, { rawBody: "{productId:" });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ message: "Požadavek neobsahuje platný JSON." });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for an unknown or malformed temp id, and for another user's or a guest's try on a user's wishlist", async () => {
    const a = await api.createUser();
    const b = await api.createUser();
    const tempIdA = await userWishlist(a.token);
    await userWishlist(b.token);
    const before = await snapshot();
    const body = { productId: catalog.products.hampden.id };
    for (const [tempId, token] of [
      [randomUUID(), undefined],
      [randomUUID(), a.token],
      ["0", undefined],
      ["not-a-uuid", a.token],
      [tempIdA, b.token],
      [tempIdA, undefined],
    ] as const) {
      const response = await api.call("PUT", `/api/wishlist/${tempId}`, { token, body });
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ message: "Seznam sledovaných aukcí neexistuje." });
    }
    const remove = await api.call("PUT", `/api/wishlist/${tempIdA}`, {
      token: b.token,
      body: { ...body, remove: true },
    });
    expect(remove.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it(`refuses more than ${MAX_WISHLIST_ITEMS} items`, async () => {
    const tempId = await guestWishlist();
    const [row] = await api.db.select().from(wishlists).where(eq(wishlists.tempId, tempId));
    const categoryId = catalog.categories.rum.id;
    const many = await api.db
      .insert(products)
      .values(
        Array.from({ length: MAX_WISHLIST_ITEMS + 1 }, (_, i) => ({
          format: "shop" as const,
          status: "active" as const,
          categoryId,
          nameCs: `Láhev ${i}`,
          slugCs: `lahev-${i}`,
          priceMinor: 1000,
        })),
      )
      .returning({ id: products.id });
    await api.db
      .insert(wishlistItems)
      .values(many.slice(0, MAX_WISHLIST_ITEMS).map((p) => ({ wishlistId: row.id, productId: p.id })));
    const before = await snapshot();
    const response = await api.call("PUT", `/api/wishlist/${tempId}`, {
      body: { productId: many[MAX_WISHLIST_ITEMS].id },
    });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({
      errors: { productId: [`Sledovat můžete nejvýše ${MAX_WISHLIST_ITEMS} položek.`] },
    });
    expect(await snapshot()).toEqual(before);
    // A note on an item already there is still fine.
    expect(
      (await api.call("PUT", `/api/wishlist/${tempId}`, { body: { productId: many[0].id, note: "ok" } }))
        .status,
    ).toBe(200);
  });
});

describe("DELETE /api/wishlist/{tempId}", () => {
  it("lets a guest delete an anonymous wishlist with its items", async () => {
    const tempId = await guestWishlist();
    await api.call("PUT", `/api/wishlist/${tempId}`, { body: { productId: catalog.products.hampden.id } });
    const [row] = await api.db.select().from(wishlists).where(eq(wishlists.tempId, tempId));
    const response = await api.call("DELETE", `/api/wishlist/${tempId}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true });
    expect(await api.db.select().from(wishlists).where(eq(wishlists.id, row.id))).toEqual([]);
    expect(await api.db.select().from(wishlistItems).where(eq(wishlistItems.wishlistId, row.id))).toEqual([]);
    expect((await api.call("GET", `/api/wishlist/anonymous/cs/${tempId}`)).status).toBe(404);
    expect((await api.call("DELETE", `/api/wishlist/${tempId}`)).status).toBe(404);
  });

  it("deletes a user's wishlist only for that user; anyone else gets 404 and nothing changes", async () => {
    const a = await api.createUser();
    const b = await api.createUser();
    const tempIdA = await userWishlist(a.token);
    await api.call("PUT", `/api/wishlist/${tempIdA}`, {
      token: a.token,
      body: { productId: catalog.products.hampden.id },
    });
    const before = await snapshot();
    for (const [tempId, token] of [
      [tempIdA, b.token],
      [tempIdA, undefined],
      [randomUUID(), a.token],
      ["0", undefined],
      ["abc", b.token],
    ] as const) {
      const response = await api.call("DELETE", `/api/wishlist/${tempId}`, { token });
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ message: "Seznam sledovaných aukcí neexistuje." });
    }
    expect(await snapshot()).toEqual(before);

    const response = await api.call("DELETE", `/api/wishlist/${tempIdA}`, { token: a.token });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true });
    // The next load starts a new, empty one.
    const fresh = await api.call("GET", "/api/wishlist/cs", { token: a.token });
    expect(fresh.status).toBe(200);
    expect(fresh.json.temp_id).not.toBe(tempIdA);
    expect(fresh.json.items).toEqual([]);
  });
});

describe("wishlist service: mergeGuestWishlist", () => {
  it("moves the guest's items into the user's wishlist, skipping products already followed, and deletes the guest's", async () => {
    const { user, token } = await api.createUser();
    const { hampden, appleton } = catalog.products;
    const userTempId = await userWishlist(token);
    await api.call("PUT", `/api/wishlist/${userTempId}`, {
      token,
      body: { productId: hampden.id, note: "moje" },
    });
    const guestTempId = await guestWishlist();
    await api.call("PUT", `/api/wishlist/${guestTempId}`, {
      body: { productId: hampden.id, note: "hostova" },
    });
    await api.call("PUT", `/api/wishlist/${guestTempId}`, {
      body: { productId: appleton.id, note: "z košíku" },
    });
    const [guest] = await api.db.select().from(wishlists).where(eq(wishlists.tempId, guestTempId));

    expect(await api.services.wishlist.mergeGuestWishlist(user.id, guestTempId)).toEqual({ moved: 1 });

    const merged = await api.call("GET", "/api/wishlist/cs", { token });
    expect(merged.json.temp_id).toBe(userTempId);
    const notes = Object.fromEntries(
      merged.json.items.map((item: { product: { id: number }; note: string }) => [
        item.product.id,
        item.note,
      ]),
    );
    expect(notes).toEqual({ [hampden.id]: "moje", [appleton.id]: "z košíku" });
    expect(await api.db.select().from(wishlists).where(eq(wishlists.id, guest.id))).toEqual([]);
    expect(await api.db.select().from(wishlistItems).where(eq(wishlistItems.wishlistId, guest.id))).toEqual(
      [],
    );
  });

  it("creates the user's wishlist when missing", async () => {
    const { user, token } = await api.createUser();
    const guestTempId = await guestWishlist();
    await api.call("PUT", `/api/wishlist/${guestTempId}`, {
      body: { productId: catalog.products.hampden.id },
    });
    expect(await api.services.wishlist.mergeGuestWishlist(user.id, guestTempId)).toEqual({ moved: 1 });
    const response = await api.call("GET", "/api/wishlist/cs", { token });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ user_id: user.id, items: [hampdenItem("cs", null)] });
    expect(response.json.temp_id).not.toBe(guestTempId);
    expect((await api.call("GET", `/api/wishlist/anonymous/cs/${guestTempId}`)).status).toBe(404);
  });

  it("changes nothing for an unknown or malformed temp id or another user's wishlist", async () => {
    const a = await api.createUser();
    const b = await api.createUser();
    const tempIdB = await userWishlist(b.token);
    await api.call("PUT", `/api/wishlist/${tempIdB}`, {
      token: b.token,
      body: { productId: catalog.products.hampden.id },
    });
    const before = await snapshot();
    for (const tempId of [randomUUID(), "0", "", tempIdB]) {
      expect(await api.services.wishlist.mergeGuestWishlist(a.user.id, tempId)).toEqual({ moved: 0 });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("wishlist service: purgeAnonymous", () => {
  it("deletes anonymous wishlists untouched since the cut-off and keeps users' ones", async () => {
    const { token } = await api.createUser();
    const userTempId = await userWishlist(token);
    const staleTempId = await guestWishlist();
    const freshTempId = await guestWishlist();
    const old = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    for (const tempId of [staleTempId, userTempId]) {
      await api.db.update(wishlists).set({ updatedAt: old }).where(eq(wishlists.tempId, tempId));
    }
    const purged = await api.services.wishlist.purgeAnonymous(new Date(Date.now() - 14 * 24 * 3600 * 1000));
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = (await api.db.select({ tempId: wishlists.tempId }).from(wishlists)).map((row) => row.tempId);
    expect(left).not.toContain(staleTempId);
    expect(left).toContain(freshTempId);
    expect(left).toContain(userTempId);
  });
});

describe("OpenAPI", () => {
  it("documents every wishlist route", async () => {
    const doc = (await api.call("GET", "/api/openapi.json")).json;
    expect(Object.keys(doc.paths["/wishlist"])).toEqual(["post"]);
    expect(Object.keys(doc.paths["/wishlist/{locale}"])).toEqual(["get"]);
    expect(doc.paths["/wishlist/{locale}"].get.security).toContainEqual({ bearerAuth: [] });
    expect(Object.keys(doc.paths["/wishlist/{tempId}"]).sort()).toEqual(["delete", "put"]);
    expect(Object.keys(doc.paths["/wishlist/anonymous/{locale}/{tempId}"])).toEqual(["get"]);
  });
});
