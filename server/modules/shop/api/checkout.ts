import { createRoute, type z } from "@hono/zod-openapi";
import { setCookie } from "hono/cookie";
import { translate } from "#core/i18n/index.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { isSecureOrigin, sessionCookieName } from "#core/web/session-cookie.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, IdempotencyHeaders, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import {
  CartBody,
  CheckoutOptionsBody,
  DeliveryBody,
  DetailsBody,
  InfluencerStatsBody,
  PlacedOrderBody,
  PlaceOrderBody,
} from "./schemas.ts";
import { CART_COOKIE, cartBody, refusalBody, shopperOf } from "./shopper.ts";

/**
 * The checkout (docs/product/shop.md, "Checkout"): the options, the two answering steps saved on
 * the cart, and the binding order; and an influencer's voucher statistics.
 */

export const checkoutApi = createApiRouter();

const security = [{}, ...bearerSecurity];
const json = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});
const SESSION_MAX_AGE = 30 * 24 * 3600;

checkoutApi.openapi(
  createRoute({
    method: "get",
    path: "/checkout/options",
    tags: ["shop"],
    summary:
      "The carriers (prices, cash-on-delivery fees, countries), the store's branches for personal pickup (addresses, opening hours) and the payment methods on offer, in the request's language",
    responses: { 200: jsonContent(CheckoutOptionsBody, "The checkout's choices") },
  }),
  async (c) => c.json(await c.get("services").shop.options(c.get("locale")), 200),
);

for (const step of ["delivery", "details"] as const) {
  checkoutApi.openapi(
    createRoute({
      method: "put",
      path: `/cart/${step}`,
      tags: ["shop"],
      summary:
        step === "delivery"
          ? "Saves how the order travels and is paid: a carrier's key or pickup:<branch>; personal pickup only with a card payment, cash on delivery only where the carrier takes it"
          : "Saves who orders and where it goes: e-mail, phone, the invoice address (a company's IČO checked, DIČ), the delivery address unless the same; the carrier must serve its country. A guest may ask for an account (register, password twice): a taken e-mail or phone is its field's error; the account is opened with the order",
      security,
      request: { body: json(step === "delivery" ? DeliveryBody : DetailsBody) },
      responses: {
        200: jsonContent(CartBody, "The cart with the step saved"),
        409: jsonContent(MessageBody, "The cart is empty"),
        422: errorResponses[422],
        429: jsonContent(MessageBody, "Too many accounts asked for from this address; Retry-After says when"),
      },
    }),
    async (c) => {
      const who = await shopperOf(c);
      const { shop } = c.get("services");
      const body = c.req.valid("json");
      const client = { ip: c.get("clientIp"), userAgent: c.req.header("user-agent") ?? null };
      const result =
        step === "delivery" ? await shop.saveDelivery(who, body) : await shop.saveDetails(who, body, client);
      if (result.ok) return c.json(await cartBody(c, who), 200);
      if (result.code === "invalid")
        return c.json({ errors: translateProblems(c.get("locale"), result.details) }, 422);
      return c.json(refusalBody(c, result), result.code === "limited" ? 429 : 409);
    },
  );
}

checkoutApi.openapi(
  createRoute({
    method: "post",
    path: "/orders",
    tags: ["shop"],
    summary:
      "Places the order (binding, with the obligation to pay) from the caller's cart, at the total the customer saw on the last step: the terms and the 18+ confirmation are required. The pieces are reserved and the voucher's use recorded in one transaction; an unpaid card or transfer order gives its pieces back after the shop setting's reservationHours. A guest who asked for an account is signed in (session cookie and token)",
    security,
    request: { body: json(PlaceOrderBody), headers: IdempotencyHeaders },
    responses: {
      201: jsonContent(
        PlacedOrderBody,
        "The order, and where to pay it; a repeat of the Idempotency-Key answers the order the first request made, with `Idempotent-Replayed: true`",
      ),
      409: jsonContent(
        MessageBody,
        "The cart changed (prices, stock, the voucher, the total), or a step is missing: look at it again; or the Idempotency-Key was used for another request (another total)",
      ),
      422: errorResponses[422],
      429: jsonContent(MessageBody, "Too many orders from this address; Retry-After says when to try again"),
    },
  }),
  async (c) => {
    const who = await shopperOf(c);
    const client = { ip: c.get("clientIp"), userAgent: c.req.header("user-agent") ?? null };
    const key = c.req.valid("header")["idempotency-key"] ?? null;
    const result = await c.get("services").shop.placeOrder(who, c.req.valid("json"), client, key);
    if (!result.ok && result.code === "invalid")
      return c.json({ errors: translateProblems(c.get("locale"), result.details) }, 422);
    if (!result.ok) return c.json(refusalBody(c, result), result.code === "limited" ? 429 : 409);
    const placed = result.value;
    const { order, payWithCard, login } = placed;
    if (placed.repeated) c.header("Idempotent-Replayed", "true");
    if (login) {
      const publicUrl = c.get("config").publicUrl;
      setCookie(c, sessionCookieName(publicUrl), login.token, {
        path: "/",
        httpOnly: true,
        secure: isSecureOrigin(publicUrl),
        sameSite: "Lax",
        maxAge: SESSION_MAX_AGE,
      });
      setCookie(c, CART_COOKIE, "", { path: "/", maxAge: 0 });
    }
    return c.json(
      {
        order,
        payment: {
          method: placed.payment,
          cardStartPath: payWithCard ? `/api/orders/${order.id}/${order.hash}/card` : null,
        },
        token: login?.token ?? null,
      },
      201,
    );
  },
);

checkoutApi.openapi(
  createRoute({
    method: "get",
    path: "/me/voucher-stats",
    tags: ["shop"],
    summary:
      "An influencer's voucher and how it did: paid orders, their goods after discounts, the influencer's margin, orders awaiting payment, per month",
    security: bearerSecurity,
    middleware: requireUser,
    responses: {
      200: jsonContent(InfluencerStatsBody, "The statistics"),
      401: errorResponses[401],
      404: jsonContent(MessageBody, "No voucher belongs to the user"),
    },
  }),
  async (c) => {
    const stats = await c.get("services").shop.influencerStats(c.get("user")!.id);
    if (!stats) return c.json({ message: translate(c.get("locale"), "checkout.errors.noVoucher") }, 404);
    return c.json(stats, 200);
  },
);
