import { useEffect, useSyncExternalStore } from "react";
import { type ApiClient, loadApiClient } from "#app/lib/api/index.ts";
import { writeBrowserCookie } from "#app/lib/browser-cookies.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { parseCookieHeader } from "#core/web/cookie-header.ts";
import { createStore } from "../feedback/external-store.ts";
import { showSnackbar } from "../feedback/snackbar-store.ts";

/**
 * The visitor's wishlist (followed products) as the watch buttons see it, loaded once per page and
 * shared by every button (docs/product/messages-and-reviews.md, "Wishlist (watched auctions)";
 * docs/product/calls-and-errors.md, "The spec's calls" and "Error catalogue"):
 * - guests: the anonymous wishlist whose temp_id is in the `guest-wishlist` cookie
 *   (GET /api/wishlist/anonymous/{locale}/{tempId}); a guest without the cookie has none and asks
 *   for nothing; it is created (POST /api/wishlist, the server sets the cookie) when the guest
 *   follows a first product;
 * - signed-in users: GET /api/wishlist/{locale}, which gives a user without one an empty one.
 * Adding and removing go through PUT /api/wishlist/{tempId}. After a failure the list is reloaded
 * and a danger snackbar shows `wishlist.add`, `wishlist.remove`, `wishlist.load` or `wishlist.create`.
 */

export const GUEST_WISHLIST_COOKIE = "guest-wishlist";

export type WishlistState = {
  /** Who the list belongs to: `user:<id>` or `guest`, with the locale; null before the first load. */
  owner: string | null;
  status: "idle" | "loading" | "ready" | "error";
  tempId: string | null;
  productIds: ReadonlySet<number>;
  /** Products with a change on its way (their buttons are busy). */
  pending: ReadonlySet<number>;
};

const EMPTY: WishlistState = {
  owner: null,
  status: "idle",
  tempId: null,
  productIds: new Set(),
  pending: new Set(),
};
const store = createStore<WishlistState>(EMPTY);
let loading: Promise<void> | null = null;

type WishlistBody = { temp_id: string; items: { product: { id: number } }[] };

class WishlistError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`wishlist request failed: ${status}`);
    this.status = status;
  }
}

/** One wishlist call through the typed client; a refusal throws its status. */
async function request(
  call: (api: ApiClient) => Promise<{ data?: WishlistBody; response: Response }>,
): Promise<WishlistBody> {
  const { data, response } = await call(await loadApiClient());
  if (!response.ok || data === undefined) throw new WishlistError(response.status);
  return data;
}

function idsOf(wishlist: WishlistBody): Set<number> {
  return new Set(wishlist.items.map((item) => item.product.id));
}

function guestTempId(): string | null {
  if (typeof document === "undefined") return null;
  return parseCookieHeader(document.cookie)[GUEST_WISHLIST_COOKIE] || null;
}

function ownerKey(userId: number | null, locale: Locale): string {
  return `${userId === null ? "guest" : `user:${userId}`}:${locale}`;
}

function fail(locale: Locale, key: "load" | "create" | "add" | "remove") {
  showSnackbar({ type: "danger", text: translate(locale, `wishlist.${key}`) });
}

/** Loads (or reloads) the wishlist of the current visitor. */
export function loadWishlist(userId: number | null, locale: Locale): Promise<void> {
  const owner = ownerKey(userId, locale);
  store.set((state) => ({ ...state, owner, status: "loading" }));
  const run = async () => {
    try {
      let wishlist: WishlistBody | null = null;
      if (userId === null) {
        // No cookie, no list: it is created when the guest follows something.
        const tempId = guestTempId();
        if (tempId) {
          try {
            wishlist = await request((api) =>
              api.GET("/wishlist/anonymous/{locale}/{tempId}", { params: { path: { locale, tempId } } }),
            );
          } catch (error) {
            // An expired list (the cookie outlived it): forget it, so the next pages do not ask
            // again; a new one comes with the next follow.
            if (!(error instanceof WishlistError && error.status === 404)) throw error;
            writeBrowserCookie({ name: GUEST_WISHLIST_COOKIE, value: "", maxAgeSeconds: 0 });
          }
        }
      } else {
        wishlist = await request((api) => api.GET("/wishlist/{locale}", { params: { path: { locale } } }));
      }
      if (store.get().owner !== owner) return;
      store.set((state) => ({
        ...state,
        status: "ready",
        tempId: wishlist?.temp_id ?? null,
        productIds: wishlist ? idsOf(wishlist) : new Set(),
      }));
    } catch {
      if (store.get().owner === owner) store.set((state) => ({ ...state, status: "error" }));
      fail(locale, "load");
    }
  };
  loading = run().finally(() => {
    loading = null;
  });
  return loading;
}

function setPending(productId: number, on: boolean) {
  store.set((state) => {
    const pending = new Set(state.pending);
    if (on) pending.add(productId);
    else pending.delete(productId);
    return { ...state, pending };
  });
}

/** Follows or stops following a product; the button shows the change at once. */
export async function toggleWatched(productId: number, userId: number | null, locale: Locale): Promise<void> {
  if (loading) await loading;
  const state = store.get();
  if (state.pending.has(productId)) return;
  const remove = state.productIds.has(productId);
  setPending(productId, true);
  // Optimistic: the heart changes now; a failure reloads the real list.
  store.set((current) => {
    const productIds = new Set(current.productIds);
    if (remove) productIds.delete(productId);
    else productIds.add(productId);
    return { ...current, productIds };
  });
  try {
    let tempId = store.get().tempId;
    if (!tempId) {
      try {
        const created = await request((api) => api.POST("/wishlist"));
        tempId = created.temp_id;
        store.set((current) => ({ ...current, tempId }));
      } catch {
        fail(locale, "create");
        await loadWishlist(userId, locale);
        return;
      }
    }
    const listId = tempId;
    const updated = await request((api) =>
      api.PUT("/wishlist/{tempId}", {
        params: { path: { tempId: listId } },
        body: { productId, ...(remove ? { remove: true } : {}) },
      }),
    );
    store.set((current) => ({ ...current, status: "ready", productIds: idsOf(updated) }));
  } catch {
    fail(locale, remove ? "remove" : "add");
    await loadWishlist(userId, locale);
  } finally {
    setPending(productId, false);
  }
}

/**
 * The shared wishlist state; the first button on a page (or after a login or logout) loads it,
 * the others reuse the same answer.
 */
export function useWishlist(userId: number | null, locale: Locale): WishlistState {
  const state = useSyncExternalStore(store.subscribe, store.get, () => EMPTY);
  const owner = ownerKey(userId, locale);
  useEffect(() => {
    const current = store.get();
    if (current.owner === owner && current.status !== "idle") return;
    void loadWishlist(userId, locale);
  }, [owner, userId, locale]);
  return state.owner === owner ? state : EMPTY;
}

/** For tests and for code that changes the wishlist elsewhere (the watched page): forget the list. */
export function resetWishlist(): void {
  store.set(EMPTY);
}
