import { createRoute, z } from "@hono/zod-openapi";
import { buyNowRefusalMessage } from "#core/contracts/bid-refusal.ts";
import { refusalStatus } from "#core/web/refusal-status.ts";
import { ApiError } from "#server/http/api/errors.ts";
import { bearerSecurity, type createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";

/** `POST /auctions/{id}/buy-now` (docs/product/auctions.md, "Buy it now"), on the bidding router. */
export function registerBuyNowRoute(api: ReturnType<typeof createApiRouter>, BidRefusalBody: z.ZodType) {
  const IdParam = idPathParam("The auction's product id");
  api.openapi(
    createRoute({
      method: "post",
      path: "/auctions/{id}/buy-now",
      operationId: "buyAuctionNow",
      tags: ["bidding"],
      summary:
        "Buys the auction at its buy-it-now price (the stored one) while it is offered: the auction ends at once, sold to the caller, and a deal through the site follows where the auction offers it. Binding. The same rules as a bid: e-mail and age confirmed, not one's own item. A repeat by the buyer answers the same sale",
      security: bearerSecurity,
      middleware: requireUser,
      request: { params: z.object({ id: IdParam }) },
      responses: {
        201: jsonContent(
          z.object({
            priceMinor: z.number().int().openapi({ description: "CZK minor units" }),
            dealFollows: z.boolean().openapi({ description: "Pay through the site (the deal's page)" }),
            repeated: z.boolean().openapi({ description: "The caller had bought it already" }),
          }),
          "Bought",
        ),
        401: errorResponses[401],
        403: jsonContent(BidRefusalBody, "Own item, e-mail or age not confirmed, buying suspended"),
        404: jsonContent(MessageBody, "No such auction"),
        409: jsonContent(
          BidRefusalBody,
          "Not active yet, ended, or buy-it-now no longer offered (buy_now_unavailable)",
        ),
      },
    }),
    async (c) => {
      const user = c.get("user")!;
      const { id } = c.req.valid("param");
      const result = await c.get("services").bidding.buyNow({ productId: id, buyer: user });
      if (!result.ok) {
        const message = buyNowRefusalMessage(c.get("locale"), result.reason);
        if (result.reason === "not_found") throw new ApiError(404, { message });
        const status = result.reason === "buy_now_unavailable" ? 409 : refusalStatus(result.reason);
        throw new ApiError(status, { error: result.reason, message });
      }
      if (!result.repeated) c.set("changeNotified", true);
      return c.json(
        { priceMinor: result.priceMinor, dealFollows: result.dealFollows, repeated: result.repeated },
        201,
      );
    },
  );
}
