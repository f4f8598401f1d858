import { createRoute, z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { paymentEvents } from "#server/lib/metrics.ts";

/**
 * The payment provider's webhooks for deals (issue 35, item 3): the raw body and its signature go
 * to the adapter, which verifies them; a verified event is stored once and processed by a job, so
 * the provider gets its 200 at once and a repeat is answered without a second effect.
 */
export const dealsApi = createApiRouter();

/** Stripe signs in `Stripe-Signature` (`t=<unix>,v1=<HMAC-SHA256 of "<t>.<raw body>">`); the simulator too. */
const SIGNATURE_HEADER = "stripe-signature";

dealsApi.openapi(
  createRoute({
    method: "post",
    path: "/deals/webhooks/{provider}",
    tags: ["deals"],
    summary:
      "The payment provider's webhook (the raw body, signed in `Stripe-Signature`). Stored once per event id and processed by a job; the state is then read from the provider",
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
      400: jsonContent(MessageBody, "The signature does not hold or is too old"),
      404: jsonContent(MessageBody, "No such provider here"),
    },
  }),
  async (c) => {
    const { provider } = c.req.valid("param");
    const rawBody = await c.req.text();
    const outcome = await c
      .get("services")
      .deals.receiveWebhook(provider, rawBody, c.req.header(SIGNATURE_HEADER));
    paymentEvents.inc({ source: "deals", outcome });
    if (outcome === "unknown_provider")
      return c.json({ message: translate(c.get("locale"), "errors.notFound") }, 404);
    if (outcome === "forged")
      return c.json({ message: translate(c.get("locale"), "payments.errors.badSignature") }, 400);
    return c.json({ received: true, duplicate: outcome === "repeated" }, 200);
  },
);
