import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { translate } from "#core/i18n/index.ts";
import { USER_ROLES } from "#core/rules/staff.ts";
import { tableQuerySchema } from "#core/schemas/admin-table.ts";
import {
  ADMIN_USER_SORTS,
  AdminErasureSchema,
  AdminUserFiltersSchema,
  AssignGroupSchema,
  VerificationChangeSchema,
} from "#core/schemas/admin-users.ts";
import { translateJoined } from "#core/validation/field-errors.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import type { AppEnv } from "#server/http/types.ts";
import { actorOf } from "./admin-actor.ts";

/**
 * The back office's users under /api/admin/users (docs/product/back-office.md, "Users"), scope
 * `users`: the accounts' table, a user's page, the group, the verification mark, the GDPR export
 * and erasure. Every change is audited with before and after.
 */
export const adminUsersApi = createApiRouter();

const notFound = (c: Context<AppEnv>) =>
  c.json({ message: translate(c.get("locale"), "errors.notFound") }, 404);

const AdminUserRowSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    username: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    role: z.enum(USER_ROLES),
    groupId: z.number().int().nullable(),
    groupName: z.string().nullable(),
    verified: z.boolean(),
    blocked: z.boolean(),
    suspendedUntil: z.string().nullable(),
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
  })
  .openapi("AdminUserRow");

adminUsersApi.openapi(
  adminRoute("users", {
    method: "get",
    path: "/admin/users",
    summary:
      "Accounts, one page: `q` searches e-mail, username, name, phone and id; filters by role, group (an id or `none`), verified (yes/no), state (active/blocked/suspended); sorted by registration (`createdAt`, the default) or last login (`lastLoginAt`)",
    request: { query: tableQuerySchema(ADMIN_USER_SORTS).extend(AdminUserFiltersSchema.shape) },
    responses: {
      200: jsonContent(
        z.object({
          rows: z.array(AdminUserRowSchema),
          total: z.number().int(),
          page: z.number().int(),
          size: z.number().int(),
        }),
        "One page of accounts",
      ),
    },
  }),
  async (c) => {
    const { q, sort, dir, page, size, ...filters } = c.req.valid("query");
    const result = await c.get("services").adminUsers.search({ q, sort, dir, page, size }, filters);
    return c.json(result, 200);
  },
);

adminUsersApi.openapi(
  adminRoute("users", {
    method: "get",
    path: "/admin/users/{id}",
    summary:
      "One account: contacts, addresses, group, role, verification, block or suspension, registration, last login; its latest listings, bids, orders and payments (20 of each, with totals) and its live sessions",
    request: { params: z.object({ id: idPathParam("The account's id") }) },
    responses: {
      200: jsonContent(
        z.object({ user: z.record(z.string(), z.unknown()), activity: z.record(z.string(), z.unknown()) }),
        "The account",
      ),
      404: jsonContent(MessageBody, "No such account"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const service = c.get("services").adminUsers;
    const user = await service.detail(id);
    if (!user) return notFound(c);
    return c.json({ user, activity: await service.activity(id) }, 200);
  },
);

adminUsersApi.openapi(
  adminRoute("users", {
    method: "put",
    path: "/admin/users/{id}/group",
    summary: "Puts the account in a group (its discount applies to the next fees), or in none; audited",
    request: {
      params: z.object({ id: idPathParam("The account's id") }),
      body: { required: true, content: { "application/json": { schema: AssignGroupSchema } } },
    },
    responses: {
      200: jsonContent(z.object({ groupId: z.number().int().nullable() }), "Assigned"),
      404: jsonContent(MessageBody, "No such account"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const groupId = c.req.valid("json").groupId ?? null;
    const result = await c.get("services").adminUsers.assignGroup(id, groupId, actorOf(c));
    if (result.ok) return c.json(result.value, 200);
    if (result.code === "not_found") return notFound(c);
    const message = translate(c.get("locale"), "adminUsers.errors.noGroup");
    return c.json({ errors: { groupId: [message] } }, 422);
  },
);

adminUsersApi.openapi(
  adminRoute("users", {
    method: "put",
    path: "/admin/users/{id}/verification",
    summary:
      "Marks the account verified (the badge buyers see) or takes the mark away, with the reason; audited",
    request: {
      params: z.object({ id: idPathParam("The account's id") }),
      body: { required: true, content: { "application/json": { schema: VerificationChangeSchema } } },
    },
    responses: {
      200: jsonContent(z.object({ verifiedAt: z.string().nullable() }), "Changed (or already so)"),
      404: jsonContent(MessageBody, "No such account"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const result = await c.get("services").adminUsers.setVerified(id, c.req.valid("json"), actorOf(c));
    if (!result.ok) return notFound(c);
    return c.json(result.value, 200);
  },
);

adminUsersApi.openapi(
  adminRoute("users", {
    method: "get",
    path: "/admin/users/{id}/export",
    summary:
      "The account's GDPR export (what GET /api/me/export gives the user) as a JSON download for the operator; the download is audited",
    request: { params: z.object({ id: idPathParam("The account's id") }) },
    responses: {
      200: jsonContent(z.record(z.string(), z.unknown()), "The export (Content-Disposition: attachment)"),
      404: jsonContent(MessageBody, "No such account, or erased"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const data = await c.get("services").adminUsers.exportData(id, actorOf(c));
    if (!data) return notFound(c);
    const day = new Date().toISOString().slice(0, 10);
    c.header("Content-Disposition", `attachment; filename="rarita-user-${id}-${day}.json"`);
    // Personal data: never kept by a shared cache or the browser's history cache.
    c.header("Cache-Control", "no-store");
    return c.json(data, 200);
  },
);

adminUsersApi.openapi(
  adminRoute("users", {
    method: "post",
    path: "/admin/users/{id}/erasure",
    summary:
      "Erases the account on the user's request (GDPR art. 17), confirmed by its username typed again: anonymised as the account's own deletion does. Refused (409) for staff accounts and while the account sells or leads a running auction; audited",
    request: {
      params: z.object({ id: idPathParam("The account's id") }),
      body: { required: true, content: { "application/json": { schema: AdminErasureSchema } } },
    },
    responses: {
      200: jsonContent(z.object({ erased: z.literal(true) }), "Erased"),
      404: jsonContent(MessageBody, "No such account, or already erased"),
      409: jsonContent(MessageBody, "A staff account, or running auctions"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const locale = c.get("locale");
    const result = await c.get("services").adminUsers.erase(id, c.req.valid("json"), actorOf(c));
    if (result.ok) return c.json({ erased: true as const }, 200);
    if (result.code === "not_found") return notFound(c);
    if (result.code === "mismatch") {
      const message = translate(locale, "adminUsers.errors.usernameMismatch");
      return c.json({ errors: { username: [message] } }, 422);
    }
    if (result.code === "staff")
      return c.json({ message: translate(locale, "adminUsers.errors.staffErasure") }, 409);
    return c.json({ message: translateJoined(locale, result.details.reasons) }, 409);
  },
);
