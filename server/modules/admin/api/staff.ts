import { z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { STAFF_SCOPES, USER_ROLES } from "#core/rules/staff.ts";
import { tableQuerySchema } from "#core/schemas/admin-table.ts";
import { AUDIT_SORTABLE, AuditFiltersSchema } from "#core/schemas/staff-audit.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";

/**
 * The audit log and the staff under /api/admin (docs/product/back-office.md, "Staff and scopes"):
 * GET /admin/audit (scope `audit`), the staff list, a member's role and extra scopes, and the
 * owner's reset of a member's second factor (scope `staff`). Every change is audited.
 */
export const staffAdminApi = createApiRouter();

const AuditRowSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    actor_id: z.number().int().nullable(),
    actor_name: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entity_id: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    details: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
  })
  .openapi("AuditEntry");

staffAdminApi.openapi(
  adminRoute("audit", {
    method: "get",
    path: "/admin/audit",
    summary:
      "The audit log, one page: `q` searches the action, object, id, address and details; filters by actor (a user id), action, entity and a date range (from, to: YYYY-MM-DD, inclusive); newest first by default",
    request: { query: tableQuerySchema(AUDIT_SORTABLE).extend(AuditFiltersSchema.shape) },
    responses: {
      200: jsonContent(
        z.object({
          rows: z.array(AuditRowSchema),
          total: z.number().int(),
          page: z.number().int(),
          size: z.number().int(),
        }),
        "The entries",
      ),
    },
  }),
  async (c) => {
    const { actor, action, entity, from, to, ...query } = c.req.valid("query");
    const page = await c.get("services").auditLog.list(query, { actorId: actor, action, entity, from, to });
    return c.json(
      {
        ...page,
        rows: page.rows.map((row) => ({
          id: row.id,
          created_at: row.createdAt.toISOString(),
          actor_id: row.actorId,
          actor_name: row.actorName,
          action: row.action,
          entity: row.entity,
          entity_id: row.entityId,
          before: row.before,
          after: row.after,
          details: row.details,
          ip: row.ip,
        })),
      },
      200,
    );
  },
);

const StaffMemberSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(USER_ROLES),
    extra_scopes: z.array(z.enum(STAFF_SCOPES)),
    scope: z.array(z.string()),
    second_factor: z.boolean(),
    blocked: z.boolean(),
  })
  .openapi("StaffMember");

staffAdminApi.openapi(
  adminRoute("staff", {
    method: "get",
    path: "/admin/staff",
    summary: "The operator's staff: role, extra scopes, effective scopes, whether the second factor is on",
    responses: { 200: jsonContent(z.object({ data: z.array(StaffMemberSchema) }), "The staff") },
  }),
  async (c) => {
    const services = c.get("services");
    const members = await services.staffRoles.list();
    const withFactor = await services.secondFactor.activeOf(members.map((member) => member.id));
    return c.json(
      {
        data: members.map((member) => ({
          id: member.id,
          username: member.username,
          email: member.email,
          name: member.name,
          role: member.role,
          extra_scopes: member.extraScopes,
          scope: member.scope,
          second_factor: withFactor.has(member.id),
          blocked: member.blocked,
        })),
      },
      200,
    );
  },
);

const refusals = {
  403: jsonContent(
    MessageBody,
    "Not staff, without the scope or the second factor, or not an owner changing an owner",
  ),
  404: jsonContent(MessageBody, "No such account"),
  409: jsonContent(MessageBody, "The last owner cannot lose the owner role"),
};

staffAdminApi.openapi(
  adminRoute("staff", {
    method: "put",
    path: "/admin/staff/{id}",
    summary:
      "Give an account a staff role and extra scopes, or take the staff role away (role `user`); only an owner gives or takes the owner role; audited",
    request: {
      params: z.object({ id: idPathParam("The account's id") }),
      body: {
        required: true,
        content: {
          "application/json": {
            schema: z.object({
              role: z.enum(USER_ROLES),
              scopes: z.array(z.enum(STAFF_SCOPES)).max(STAFF_SCOPES.length).default([]),
            }),
          },
        },
      },
    },
    responses: {
      200: jsonContent(
        z.object({ id: z.number().int(), role: z.enum(USER_ROLES), scope: z.array(z.string()) }),
        "Saved",
      ),
      ...refusals,
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { role, scopes } = c.req.valid("json");
    const user = c.get("user")!;
    const locale = c.get("locale");
    const result = await c.get("services").staffRoles.change({
      actor: { id: user.id, role: user.role, ip: c.get("clientIp") },
      userId: id,
      role,
      extraScopes: scopes,
    });
    if (result.ok) return c.json(result.value, 200);
    if (result.code === "not_found") return c.json({ message: translate(locale, "errors.notFound") }, 404);
    if (result.code === "owner_only")
      return c.json({ message: translate(locale, "adminStaff.staff.ownerOnly") }, 403);
    return c.json({ message: translate(locale, "adminStaff.staff.lastOwner") }, 409);
  },
);

staffAdminApi.openapi(
  adminRoute("staff", {
    method: "delete",
    path: "/admin/staff/{id}/second-factor",
    summary:
      "An owner resets a staff member's second factor (a lost phone and no recovery code): the member sets it up again at the next sign-in; audited",
    request: { params: z.object({ id: idPathParam("The account's id") }) },
    responses: {
      200: jsonContent(z.object({ success: z.boolean() }), "Reset"),
      403: jsonContent(MessageBody, "Not staff, without the scope or the second factor, or not an owner"),
      404: jsonContent(MessageBody, "The account has no second factor"),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const user = c.get("user")!;
    const locale = c.get("locale");
    if (user.role !== "admin")
      return c.json({ message: translate(locale, "adminStaff.staff.ownerOnly") }, 403);
    const reset = await c.get("services").secondFactor.reset(id, { id: user.id, ip: c.get("clientIp") });
    if (!reset) return c.json({ message: translate(locale, "adminStaff.staff.noFactor") }, 404);
    return c.json({ success: true }, 200);
  },
);
