import { createRoute, z } from "@hono/zod-openapi";
import { PUSH_KINDS, type PushKind } from "#core/contracts/push.ts";
import { translate } from "#core/i18n/index.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody } from "#server/http/api/schemas.ts";

/** Web push (ADR 0110): the key browsers subscribe with, a browser's subscription, the switches per kind. */
export const pushApi = createApiRouter();

const Switches = z
  .object(Object.fromEntries(PUSH_KINDS.map((kind) => [kind, z.boolean()])) as Record<PushKind, z.ZodBoolean>)
  .openapi("PushSwitches", {
    description:
      "Which notices are pushed to the user's subscribed browsers, per kind (off until subscribed)",
  });

const Subscription = z
  .object({
    endpoint: z.url().max(1000).openapi({ description: "PushSubscription.endpoint" }),
    keys: z.object({
      p256dh: z.string().max(200).openapi({ description: "The browser's P-256 key, base64url" }),
      auth: z.string().max(100).openapi({ description: "The auth secret, base64url" }),
    }),
  })
  .openapi("PushSubscription");

pushApi.openapi(
  createRoute({
    method: "get",
    path: "/push/key",
    operationId: "getPushPublicKey",
    tags: ["push"],
    summary: "The VAPID public key (base64url) to pass to PushManager.subscribe() as applicationServerKey",
    responses: {
      200: jsonContent(z.object({ publicKey: z.string().nullable() }), "The key; null when push is off"),
    },
  }),
  (c) => c.json({ publicKey: c.get("services").push.publicKey() }, 200),
);

pushApi.openapi(
  createRoute({
    method: "get",
    path: "/me/push",
    operationId: "getPushSwitches",
    tags: ["push"],
    summary: "The signed-in user's push switches per kind and how many browsers are subscribed",
    security: bearerSecurity,
    middleware: requireUser,
    responses: {
      200: jsonContent(z.object({ data: Switches, devices: z.number().int() }), "The switches"),
      401: errorResponses[401],
    },
  }),
  async (c) => {
    const push = c.get("services").push;
    const userId = c.get("user")!.id;
    const [data, devices] = await Promise.all([push.switches(userId), push.deviceCount(userId)]);
    return c.json({ data, devices }, 200);
  },
);

pushApi.openapi(
  createRoute({
    method: "put",
    path: "/me/push",
    operationId: "savePushSwitches",
    tags: ["push"],
    summary: "Switches pushes on or off per kind (kinds not given stay as they were)",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      body: { required: true, content: { "application/json": { schema: Switches.partial().strict() } } },
    },
    responses: {
      200: jsonContent(z.object({ data: Switches }), "All switches after the change"),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  async (c) =>
    c.json({ data: await c.get("services").push.saveSwitches(c.get("user")!.id, c.req.valid("json")) }, 200),
);

pushApi.openapi(
  createRoute({
    method: "post",
    path: "/me/push/subscriptions",
    operationId: "subscribePush",
    tags: ["push"],
    summary:
      "Stores a browser's push subscription for the signed-in user; the first one switches every kind on. Only the browsers' push services are accepted as endpoints",
    security: bearerSecurity,
    middleware: requireUser,
    request: { body: { required: true, content: { "application/json": { schema: Subscription } } } },
    responses: {
      200: jsonContent(z.object({ data: Switches }), "Subscribed; the switches"),
      401: errorResponses[401],
      422: jsonContent(MessageBody, "Not a push service's endpoint, or malformed keys"),
      503: jsonContent(MessageBody, "Push is off on this site"),
    },
  }),
  async (c) => {
    const result = await c.get("services").push.subscribe(c.get("user")!.id, c.req.valid("json"));
    if (result.ok) return c.json({ data: result.value }, 200);
    const locale = c.get("locale");
    if (result.code === "unavailable")
      return c.json({ message: translate(locale, "push.settings.unavailable") }, 503);
    return c.json({ message: translate(locale, "push.settings.failed") }, 422);
  },
);

pushApi.openapi(
  createRoute({
    method: "delete",
    path: "/me/push/subscriptions",
    operationId: "unsubscribePush",
    tags: ["push"],
    summary: "Forgets one of the signed-in user's browsers (by its endpoint)",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      body: {
        required: true,
        content: { "application/json": { schema: z.object({ endpoint: z.string().max(1000) }) } },
      },
    },
    responses: {
      200: jsonContent(z.object({ removed: z.boolean() }), "Whether it was subscribed"),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  async (c) =>
    c.json(
      { removed: await c.get("services").push.unsubscribe(c.get("user")!.id, c.req.valid("json").endpoint) },
      200,
    ),
);
