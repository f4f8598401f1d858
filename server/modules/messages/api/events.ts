import { createRoute, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import type { UserEvent } from "#core/contracts/messages.ts";
import { tooManyStreams } from "#server/http/api/errors.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent, MessageBody } from "#server/http/api/schemas.ts";

/** The signed-in user's live events (user-streams.ts). */
export const eventsApi = createApiRouter();

eventsApi.openapi(
  createRoute({
    method: "get",
    path: "/me/events",
    tags: ["messages"],
    summary:
      "The caller's live events (Server-Sent Events, authenticated by the session cookie or the token): `counter` events with the bell's counts and the thread that changed, at once on connecting and on every new message, notice, reading or deletion. A comment line every 15 s keeps the stream open",
    security: bearerSecurity,
    middleware: requireUser,
    responses: {
      200: {
        description:
          "An event stream: `event: counter`, data `{ counter: { total, new, system }, threadId }`",
        content: { "text/event-stream": { schema: z.string() } },
      },
      401: errorResponses[401],
      429: jsonContent(MessageBody, "Too many open live streams from this address or user (Retry-After)"),
    },
  }),
  // biome-ignore lint/suspicious/noExplicitAny: an event stream is not one of the JSON responses the route types.
  (async (c: any) => {
    const services = c.get("services");
    const userId: number = c.get("user").id;
    const release = services.streamSlots.acquire(c.get("clientIp"), userId);
    if (!release) return tooManyStreams(c);
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let close: () => void = () => {};
      const closed = new Promise<void>((resolve) => {
        close = resolve;
      });
      stream.onAbort(() => close());
      const detach = services.userStreams.attach({
        userId,
        sink: {
          send: (event: UserEvent) => stream.writeSSE({ event: "counter", data: JSON.stringify(event) }),
          comment: (text: string) => stream.write(`: ${text}\n\n`).then(() => {}),
          retry: (ms: number) => stream.write(`retry: ${ms}\n\n`).then(() => {}),
          close: () => close(),
        },
      });
      try {
        await stream.write("retry: 5000\n\n");
        await closed;
      } finally {
        detach();
        release();
      }
    });
  }) as never,
);
