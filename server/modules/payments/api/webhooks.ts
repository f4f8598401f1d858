import { createRoute, z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { paymentEvents } from "#server/lib/metrics.ts";
import { TEST_GATEWAY_SIGNATURE_HEADER } from "../gateways.ts";
import { notFoundBody } from "./schemas.ts";

/** The card gateways' notifications: signed, processed once per event, never trusted for the state. */
export const webhooksApi = createApiRouter();

webhooksApi.openapi(
  createRoute({
    method: "post",
    path: "/payments/webhooks/{provider}",
    tags: ["payments"],
    summary:
      "A card gateway's notification (the raw body, signed in the provider's header; the test gateway: `x-test-gateway-signature: sha256=<HMAC>`). Processed once per event id; the payment's state is then read from the gateway",
    request: {
      params: z.object({
        provider: z
          .string()
          .max(32)
          .openapi({ param: { name: "provider", in: "path" } }),
      }),
    },
    responses: {
      200: jsonContent(z.object({ received: z.boolean(), duplicate: z.boolean() }), "Taken"),
      400: jsonContent(MessageBody, "The signature does not hold"),
      404: jsonContent(MessageBody, "No such gateway here"),
    },
  }),
  async (c) => {
    const { provider } = c.req.valid("param");
    const rawBody = await c.req.text();
    const result = await c
      .get("services")
      .payments.handleNotification(provider, rawBody, c.req.header(TEST_GATEWAY_SIGNATURE_HEADER));
    paymentEvents.inc({ source: "cards", outcome: result.ok ? result.value : result.code });
    if (result.ok) return c.json({ received: true, duplicate: result.value === "duplicate" }, 200);
    if (result.code === "unknown_provider") return c.json(notFoundBody(c), 404);
    return c.json({ message: translate(c.get("locale"), "payments.errors.badSignature") }, 400);
  },
);
