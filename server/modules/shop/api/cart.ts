import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { shopRefusalStatus } from "#core/contracts/shop-refusals.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { bearerSecurity, createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";
import type { Shopper, ShopResult } from "../types.ts";
import { AddToCartBody, CartBody, QuantityBody, VoucherBody } from "./schemas.ts";
import { cartBody, refusalBody, setCartCookie, shopperOf } from "./shopper.ts";

/**
 * The cart (docs/product/shop.md, "The cart"): a guest's by the `cart` cookie, a signed-in user's
 * by their account; another shopper's cart is never reachable (nothing here takes a cart's id).
 * Every change answers the cart as it is after it.
 */

export const cartApi = createApiRouter();

const security = [{}, ...bearerSecurity];
const json = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});
const refused = (description: string) => jsonContent(MessageBody, description);
const ProductIdParam = idPathParam("The product's id", 12, "productId");

/** What any change of the cart may answer (the service's refusals share one shape). */
const changed = (ok: string, conflict: string) => ({
  200: jsonContent(CartBody, ok),
  404: refused("The product is not in the caller's cart"),
  409: refused(conflict),
  422: errorResponses[422],
  429: refused("Too many attempts from this address; Retry-After says when to try again"),
});

/** The service's answer: the cart after the change, 422 with field errors, or the refusal. */
async function answer(c: Context<AppEnv>, who: Shopper, result: ShopResult<unknown>) {
  if (result.ok) return c.json(await cartBody(c, who), 200);
  if (result.code === "invalid")
    return c.json({ errors: translateProblems(c.get("locale"), result.details) }, 422);
  return c.json(refusalBody(c, result), shopRefusalStatus(result));
}

cartApi.openapi(
  createRoute({
    method: "get",
    path: "/cart",
    tags: ["shop"],
    summary:
      "The caller's cart in the request's language: lines with today's prices and stock and what changed since the customer saw them, the group discount, the voucher (checked again), delivery, VAT per rate and the next checkout step",
    security,
    responses: { 200: jsonContent(CartBody, "The cart (empty when there is none)") },
  }),
  async (c) => c.json(await cartBody(c, await shopperOf(c)), 200),
);

cartApi.openapi(
  createRoute({
    method: "post",
    path: "/cart/items",
    tags: ["shop"],
    summary:
      "Adds pieces of a shop product at the price the customer saw (seenPriceMinor); the line keeps at most the pieces in stock. A guest's first line creates their cart and sets the `cart` cookie (httpOnly, 14 days)",
    security,
    request: { body: json(AddToCartBody) },
    responses: changed(
      "The cart with the line",
      "Not sold in the shop, sold out, or the price changed (reload and look again)",
    ),
  }),
  async (c) => {
    const who = await shopperOf(c);
    const result = await c.get("services").shop.add(who, c.req.valid("json"));
    if (result.ok && result.value.cartToken) {
      setCartCookie(c, result.value.cartToken);
      return answer(c, { ...who, cartToken: result.value.cartToken }, result);
    }
    return answer(c, who, result);
  },
);

cartApi.openapi(
  createRoute({
    method: "patch",
    path: "/cart/items/{productId}",
    tags: ["shop"],
    summary: "Sets a line's quantity, kept within the stock; 0 removes the line",
    security,
    request: { params: z.object({ productId: ProductIdParam }), body: json(QuantityBody) },
    responses: changed("The cart after the change", "The product is sold out"),
  }),
  async (c) => {
    const who = await shopperOf(c);
    const { productId } = c.req.valid("param");
    const result = await c
      .get("services")
      .shop.setQuantity(who, { productId, quantity: c.req.valid("json").quantity });
    return answer(c, who, result);
  },
);

cartApi.openapi(
  createRoute({
    method: "delete",
    path: "/cart/items/{productId}",
    tags: ["shop"],
    summary: "Removes a line from the caller's cart",
    security,
    request: { params: z.object({ productId: ProductIdParam }) },
    responses: changed("The cart without the line", "The cart could not be changed"),
  }),
  async (c) => {
    const who = await shopperOf(c);
    const { productId } = c.req.valid("param");
    return answer(c, who, await c.get("services").shop.setQuantity(who, { productId, quantity: 0 }));
  },
);

cartApi.openapi(
  createRoute({
    method: "post",
    path: "/cart/prices/confirm",
    tags: ["shop"],
    summary:
      "The customer has seen what changed: each line's price becomes the price now and a line keeps at most the pieces in stock (a sold-out line stays until removed)",
    security,
    responses: changed("The cart after the confirmation", "The cart could not be changed"),
  }),
  async (c) => {
    const who = await shopperOf(c);
    return answer(c, who, await c.get("services").shop.confirmPrices(who));
  },
);

cartApi.openapi(
  createRoute({
    method: "put",
    path: "/cart/voucher",
    tags: ["shop"],
    summary:
      "Applies a voucher code (one per cart: it replaces the one applied). Each refusal (unknown, expired, used up, below the minimum, another e-mail, already in the cart...) is its own message on the `code` field",
    security,
    request: { body: json(VoucherBody) },
    responses: changed("The cart with the voucher", "The cart is empty"),
  }),
  async (c) => {
    const who = await shopperOf(c);
    const client = { ip: c.get("clientIp"), userAgent: c.req.header("user-agent") ?? null };
    return answer(c, who, await c.get("services").shop.applyVoucher(who, c.req.valid("json"), client));
  },
);

cartApi.openapi(
  createRoute({
    method: "delete",
    path: "/cart/voucher",
    tags: ["shop"],
    summary: "Takes the voucher out of the cart",
    security,
    responses: changed("The cart without a voucher", "The cart could not be changed"),
  }),
  async (c) => {
    const who = await shopperOf(c);
    return answer(c, who, await c.get("services").shop.removeVoucher(who));
  },
);
