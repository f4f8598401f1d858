import { z } from "@hono/zod-openapi";
import { DASHBOARD_FIGURE_KEYS, DASHBOARD_QUEUE_KEYS } from "#core/contracts/admin-dashboard.ts";
import { STAFF_SCOPES } from "#core/rules/staff.ts";
import { createApiRouter } from "#server/http/api/router.ts";
import { jsonContent } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";

const DaySchema = z.object({
  date: z.string().openapi({ description: "The Prague day, YYYY-MM-DD", example: "2026-11-23" }),
  count: z.number().int(),
  amountMinor: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "Money figures: the day's sum in CZK minor units; null for counts" }),
});

const DashboardSchema = z
  .object({
    queues: z.array(
      z.object({
        key: z.enum(DASHBOARD_QUEUE_KEYS),
        scope: z.enum(STAFF_SCOPES).openapi({ description: "The scope the queue's screen needs" }),
        count: z.number().int(),
        amountMinor: z.number().int().nullable().optional().openapi({
          description: "A queue about money: its amount in CZK minor units (the held money's difference)",
        }),
      }),
    ),
    figures: z.array(
      z.object({
        key: z.enum(DASHBOARD_FIGURE_KEYS),
        scope: z.enum(STAFF_SCOPES).nullable().openapi({ description: "null = every staff member" }),
        money: z.boolean(),
        current: z.array(DaySchema).openapi({ description: "The last 7 Prague days, today last" }),
        previous: z.array(DaySchema).openapi({ description: "The 7 days before, in the same order" }),
      }),
    ),
  })
  .openapi("AdminDashboard");

export const adminDashboardApi = createApiRouter();

adminDashboardApi.openapi(
  adminRoute(null, {
    method: "get",
    path: "/admin/dashboard",
    summary:
      "The back office's dashboard for any staff member, by the caller's own scopes: the queues of work it may open (moderation: open reports, listings in review, complaints; orders: shop orders to ship, orders awaiting a bank transfer, bank statement lines unmatched; catalog: listings on sale) and the week's figures per Prague day beside the week before (new listings and bids for all staff; shop sales, auction sales and fees with scope orders)",
    responses: { 200: jsonContent(DashboardSchema, "The queues and figures the caller may see") },
  }),
  async (c) => {
    const dashboard = await c.get("services").dashboard.forScopes(c.get("user")!.scope);
    return c.json(dashboard, 200);
  },
);
