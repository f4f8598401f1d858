import { createRoute, z } from "@hono/zod-openapi";
import { bearerSecurity, createApiRouter, requireUser } from "../../http/api/router.ts";
import { errorResponses, jsonContent } from "../../http/api/schemas.ts";

const MessageCounter = z
  .object({
    total: z.number().int().openapi({ description: "Messages received (from other users and the system)" }),
    new: z.number().int().openapi({ description: "Unread received messages" }),
    system: z.number().int().openapi({ description: "Unread system messages" }),
  })
  .openapi("MessageCounter");

export const messagesApi = createApiRouter();

messagesApi.use("/message", requireUser);
messagesApi.openapi(
  createRoute({
    method: "get",
    path: "/message",
    tags: ["messages"],
    summary: "Message counts for the header bell (counter=1); polled every 10 s by the client",
    security: bearerSecurity,
    request: { query: z.object({ counter: z.literal("1").openapi({ example: "1" }) }) },
    responses: {
      200: jsonContent(MessageCounter, "Counts"),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  async (c) => c.json(await c.get("services").messages.counter(c.get("user")!.id), 200),
);
