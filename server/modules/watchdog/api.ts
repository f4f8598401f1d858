import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { translate } from "#core/i18n/index.ts";
import { WatchdogDeliverySchema, WatchdogInputSchema } from "#core/schemas/watchdog.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { feedUrl } from "#core/web/feed-paths.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";
import { WATCHDOG_DELIVERIES, WATCHDOG_KINDS } from "./tables.ts";

/**
 * Stock watchdogs (issue 7; docs/product/messages-and-reviews.md, "Watchdogs (hlídací pes)"): the
 * caller's own only (another user's id answers 404). Guests get 401: they are asked to log in
 * first.
 */

const IdParam = idPathParam("The watchdog's id", 3);

const Watchdog = z
  .object({
    id: z.number().int(),
    kind: z.enum(WATCHDOG_KINDS),
    delivery: z.enum(WATCHDOG_DELIVERIES),
    label: z.string().openapi({ description: "The product's or category's name, or the search words" }),
    url: z.string().nullable(),
    createdAt: z.string(),
    lastNotifiedAt: z.string().nullable(),
    waiting: z.number().int().openapi({ description: "Finds waiting for the daily digest" }),
    feedUrl: z.string().nullable().openapi({
      description:
        "A search watchdog's private Atom feed of its new listings, as an absolute URL in the requested language (what a feed reader takes; the watchdogs page shows the same). Anyone with it can read the feed: resetting the feed on the watchdogs page replaces it. Null for product and category watchdogs",
      example: "https://rarita.cz/kanaly/hledani/0f3c9a1b2d4e5f60718293a4b5c6d7e8.xml",
    }),
  })
  .openapi("Watchdog");

const user = (c: Context<AppEnv>) => c.get("user")!;
const notFoundBody = (c: Context<AppEnv>) => ({ message: translate(c.get("locale"), "errors.notFound") });

export const watchdogApi = createApiRouter();

watchdogApi.openapi(
  createRoute({
    method: "get",
    path: "/me/watchdogs",
    tags: ["watchdog"],
    summary: "The caller's watchdogs, newest first; a saved search's with its private feed's URL",
    security: bearerSecurity,
    middleware: requireUser,
    request: { query: z.object({ lang: z.enum(["cs", "en"]).optional() }) },
    responses: {
      200: jsonContent(z.object({ items: z.array(Watchdog) }), "Watchdogs"),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const { watchdogs } = c.get("services");
    const locale = c.get("locale");
    const [items, tokens] = await Promise.all([
      watchdogs.list(user(c).id, locale),
      watchdogs.feedTokens(user(c).id),
    ]);
    const origin = c.get("config").publicUrl;
    const feed = (id: number) => {
      const token = tokens.get(id);
      return token ? feedUrl(origin, "search", locale, token) : null;
    };
    return c.json({ items: items.map((item) => ({ ...item, feedUrl: feed(item.id) })) }, 200);
  },
);

watchdogApi.openapi(
  createRoute({
    method: "post",
    path: "/me/watchdogs",
    tags: ["watchdog"],
    summary:
      "Sets a watchdog: a sold-out shop product back in stock (kind product, productId), a new product in a category and its subcategories (category, categoryId) or matching search words (search, query); delivered at once or daily. The same watchdog again answers 200 with the one already set",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: WatchdogInputSchema,
          },
        },
      },
    },
    responses: {
      200: jsonContent(z.object({ id: z.number().int() }), "Already set"),
      201: jsonContent(z.object({ id: z.number().int() }), "Set"),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const result = await c.get("services").watchdogs.create(user(c).id, c.req.valid("json"));
    if (!result.ok)
      return c.json({ errors: translateProblems(c.get("locale"), result.details.problems) }, 422);
    return c.json({ id: result.value.id }, result.value.created ? 201 : 200);
  },
);

watchdogApi.openapi(
  createRoute({
    method: "patch",
    path: "/me/watchdogs/{id}",
    tags: ["watchdog"],
    summary: "Changes a watchdog's delivery",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({ id: IdParam }),
      body: {
        required: true,
        content: { "application/json": { schema: WatchdogDeliverySchema } },
      },
    },
    responses: {
      204: { description: "Changed" },
      401: errorResponses[401],
      404: jsonContent(MessageBody, "No such watchdog of the caller's"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const done = await c
      .get("services")
      .watchdogs.setDelivery(user(c).id, c.req.valid("param").id, c.req.valid("json").delivery);
    return done === true ? c.body(null, 204) : c.json(notFoundBody(c), 404);
  },
);

watchdogApi.openapi(
  createRoute({
    method: "delete",
    path: "/me/watchdogs/{id}",
    tags: ["watchdog"],
    summary: "Removes a watchdog",
    security: bearerSecurity,
    middleware: requireUser,
    request: { params: z.object({ id: IdParam }) },
    responses: {
      204: { description: "Removed" },
      401: errorResponses[401],
      404: jsonContent(MessageBody, "No such watchdog of the caller's"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const done = await c.get("services").watchdogs.remove(user(c).id, c.req.valid("param").id);
    return done ? c.body(null, 204) : c.json(notFoundBody(c), 404);
  },
);
