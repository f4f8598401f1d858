import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { PRODUCT_FORMATS, PRODUCT_STATUSES } from "#core/contracts/catalog.ts";
import { NOTIFICATION_KINDS } from "#core/contracts/messages.ts";
import { translate } from "#core/i18n/index.ts";
import { idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";

/** The shapes the messages API answers with (core/contracts/messages.ts), as OpenAPI schemas. */

export const Id = (description: string) => idPathParam(description);

export const MessageCounter = z
  .object({
    total: z.number().int().openapi({ description: "Messages received (from other users and the system)" }),
    new: z.number().int().openapi({ description: "Unread received messages" }),
    system: z.number().int().openapi({ description: "Unread system messages" }),
  })
  .openapi("MessageCounter");

export const ThreadProduct = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z
      .string()
      .nullable()
      .openapi({ description: "The product page in the request's language; null when not public" }),
    image: z.string().nullable(),
    format: z.enum(PRODUCT_FORMATS),
    status: z.enum(PRODUCT_STATUSES),
    priceMinor: z.number().int().nullable().openapi({ description: "CZK minor units; null = by agreement" }),
    sellerId: z.number().int().nullable(),
  })
  .openapi("ThreadProduct");

export const ThreadSummary = z
  .object({
    id: z.number().int(),
    kind: z.enum(["conversation", "system"]),
    role: z.enum(["seller", "buyer", "owner"]).openapi({ description: "The caller's side of the thread" }),
    product: ThreadProduct.nullable(),
    other: z
      .object({
        id: z.number().int(),
        username: z.string().nullable(),
        avatarFileName: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: "The other participant; username null = a deleted account" }),
    last: z.object({ text: z.string(), at: z.string(), mine: z.boolean() }).nullable(),
    unread: z.number().int(),
    blocked: z.boolean().openapi({ description: "The caller blocked the other participant" }),
  })
  .openapi("ThreadSummary");

export const ThreadMessage = z
  .object({
    id: z.number().int(),
    senderId: z.number().int().nullable().openapi({ description: "Null: a system message" }),
    mine: z.boolean(),
    text: z.string().openapi({ description: "Plain text" }),
    event: z.string().nullable().openapi({ description: "A system message's kind" }),
    link: z.string().nullable().openapi({ description: "What a system message concerns (a path)" }),
    at: z.string(),
    unread: z.boolean(),
    reported: z.boolean(),
  })
  .openapi("ThreadMessage");

export const ThreadView = ThreadSummary.extend({
  messages: z.array(ThreadMessage),
  canReply: z.boolean(),
  blockedByOther: z.boolean(),
  deal: z
    .object({ done: z.boolean(), canReview: z.boolean(), reviewed: z.boolean(), canMarkSold: z.boolean() })
    .nullable(),
}).openapi("ThreadView");

export const Preferences = z
  .object(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])))
  .openapi("NotificationPreferences", { description: "Per kind: also send it by e-mail" });

export const notFound = jsonContent(MessageBody, "No such thread (or not the caller's)");
export const user = (c: Context<AppEnv>) => c.get("user")!;
export const notFoundBody = (c: Context<AppEnv>) => ({
  message: translate(c.get("locale"), "errors.notFound"),
});
