import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { translate } from "#core/i18n/index.ts";
import { GroupSchema } from "#core/schemas/admin-users.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import type { AppEnv } from "#server/http/types.ts";

/**
 * Groups of users and their discount under /api/admin/groups (docs/product/back-office.md,
 * "Users"), scope `users`, mounted right after the users' routes: create, rename and set the discount
 * (a whole percent 0–100), delete an empty one. Audited with before and after.
 */
const GroupView = z
  .object({ id: z.number().int(), name: z.string(), discountPercent: z.number().int() })
  .openapi("AdminGroup");
const params = z.object({ id: idPathParam("The group's id") });
const body = { required: true, content: { "application/json": { schema: GroupSchema } } };
const noGroup = jsonContent(MessageBody, "No such group");

/** Who makes the change, for its audit record: the signed-in staff member and their address. */
const actorOf = (c: Context<AppEnv>) => ({ actorId: c.get("user")!.id, ip: c.get("clientIp") });

export const adminGroupsApi = createApiRouter();

adminGroupsApi.openapi(
  adminRoute("users", {
    method: "get",
    path: "/admin/groups",
    summary: "Every group by name, with its discount and how many accounts are in it",
    responses: {
      200: jsonContent(
        z.object({ data: z.array(GroupView.extend({ members: z.number().int() })) }),
        "The groups",
      ),
    },
  }),
  async (c) => c.json({ data: await c.get("services").adminGroups.groups() }, 200),
);

adminGroupsApi.openapi(
  adminRoute("users", {
    method: "post",
    path: "/admin/groups",
    summary: "Adds a group with its discount; audited",
    request: { body },
    responses: { 201: jsonContent(GroupView, "Added"), 422: errorResponses[422] },
  }),
  async (c) => {
    const group = await c.get("services").adminGroups.createGroup(c.req.valid("json"), actorOf(c));
    return c.json(group, 201);
  },
);

adminGroupsApi.openapi(
  adminRoute("users", {
    method: "put",
    path: "/admin/groups/{id}",
    summary: "Renames a group or changes its discount; audited",
    request: { params, body },
    responses: { 200: jsonContent(GroupView, "Saved"), 404: noGroup, 422: errorResponses[422] },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const group = await c.get("services").adminGroups.updateGroup(id, c.req.valid("json"), actorOf(c));
    if (!group) return c.json({ message: translate(c.get("locale"), "errors.notFound") }, 404);
    return c.json(group, 200);
  },
);

adminGroupsApi.openapi(
  adminRoute("users", {
    method: "delete",
    path: "/admin/groups/{id}",
    summary: "Deletes a group nobody is in (409 while it has members); audited",
    request: { params },
    responses: {
      200: jsonContent(z.object({ deleted: z.literal(true) }), "Deleted"),
      404: noGroup,
      409: jsonContent(MessageBody, "Accounts are still in the group"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const locale = c.get("locale");
    const result = await c.get("services").adminGroups.deleteGroup(id, actorOf(c));
    if (result.ok) return c.json({ deleted: true as const }, 200);
    if (result.code === "not_found") return c.json({ message: translate(locale, "errors.notFound") }, 404);
    return c.json({ message: translate(locale, "adminUsers.errors.groupNotEmpty") }, 409);
  },
);
