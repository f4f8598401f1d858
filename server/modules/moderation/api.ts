import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { COMPLAINT_REFUSAL_KEYS } from "#core/contracts/moderation.ts";
import { translate } from "#core/i18n/index.ts";
import {
  ComplaintDecisionSchema,
  ComplaintSchema,
  DecisionSchema,
  ReportFormSchema,
} from "#core/schemas/moderation.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import type { AppEnv } from "#server/http/types.ts";

/**
 * Moderation's API (docs/product/back-office.md, "Moderation"): anyone reports content (a guest
 * with the ALTCHA proof of GET /reports/challenge), the affected user complains about a decision,
 * and the moderators decide reports, held listings and complaints under /admin/moderation.
 */
export const moderationApi = createApiRouter();

const Id = (description: string) => idPathParam(description, 7);
const Created = z.object({ id: z.number().int() });
const notFound = (c: Context<AppEnv>) =>
  c.json({ message: translate(c.get("locale"), "errors.notFound") }, 404);
const actor = (c: Context<AppEnv>) => ({
  id: c.get("user")!.id,
  ip: c.get("clientIp"),
  locale: c.get("locale"),
});
const Page = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
});
const window = (query: { page: number; size: number }) => ({
  limit: query.size,
  offset: (query.page - 1) * query.size,
});

moderationApi.openapi(
  createRoute({
    method: "get",
    path: "/reports/challenge",
    tags: ["moderation"],
    summary: "A fresh ALTCHA challenge that a guest's report must solve (base64 payload in `altcha`)",
    responses: { 200: jsonContent(z.object({ challenge: z.unknown() }), "The challenge") },
  }),
  async (c) => c.json({ challenge: await c.get("services").moderation.challenge() }, 200),
);

moderationApi.openapi(
  createRoute({
    method: "post",
    path: "/reports",
    tags: ["moderation"],
    summary:
      "Reports a listing, a message, a review or a user to the operator (DSA Art. 16): a reason from the list, an explanation (10-2000 characters), an optional e-mail for the receipt and the decision. Anyone may report; a guest sends the solved ALTCHA challenge. Limited per address or account (429)",
    request: { body: { required: true, content: { "application/json": { schema: ReportFormSchema } } } },
    responses: {
      201: jsonContent(Created, "The report, its receipt mailed when there is an address"),
      403: jsonContent(MessageBody, "A guest without a valid bot proof"),
      404: jsonContent(MessageBody, "No such content"),
      422: errorResponses[422],
      429: jsonContent(MessageBody, "Too many reports; Retry-After says when to try again"),
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const body = c.req.valid("json");
    const user = c.get("user");
    const result = await c.get("services").moderation.report(body, {
      user: user ? { id: user.id, email: user.email, locale: user.locale === "en" ? "en" : "cs" } : null,
      ip: c.get("clientIp"),
      locale,
      altcha: body.altcha,
    });
    if (result.ok) return c.json({ id: result.value.id }, 201);
    if (result.code === "invalid")
      return c.json({ errors: translateProblems(locale, result.details.problems) }, 422);
    if (result.code === "not_found") return notFound(c);
    if (result.code === "bot") return c.json({ message: translate(locale, "moderation.errors.bot") }, 403);
    c.header("Retry-After", String(result.details.retryAfter));
    return c.json({ message: translate(locale, "moderation.errors.rateLimited") }, 429);
  },
);

moderationApi.openapi(
  createRoute({
    method: "post",
    path: "/me/decisions/{id}/complaint",
    tags: ["moderation"],
    summary:
      "The affected user's internal complaint about a decision (DSA Art. 20): within 6 months, one open at a time; another staff member decides it",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({ id: Id("The decision's id") }),
      body: { required: true, content: { "application/json": { schema: ComplaintSchema } } },
    },
    responses: {
      201: jsonContent(Created, "The complaint"),
      401: errorResponses[401],
      404: jsonContent(MessageBody, "No such decision of the caller's"),
      409: jsonContent(MessageBody, "Too late, already complained, or not a restriction"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const result = await c
      .get("services")
      .moderation.complain(actor(c), c.req.valid("param").id, c.req.valid("json"));
    const locale = c.get("locale");
    if (result.ok) return c.json({ id: result.value.id }, 201);
    if (result.code === "invalid")
      return c.json({ errors: translateProblems(locale, result.details.problems) }, 422);
    if (result.code === "not_found") return notFound(c);
    return c.json({ message: translate(locale, COMPLAINT_REFUSAL_KEYS[result.code]) }, 409);
  },
);

moderationApi.openapi(
  adminRoute("moderation", {
    method: "get",
    path: "/admin/moderation/queue",
    summary: "The moderation queue: open reports (oldest first) and the listings held for pre-moderation",
    request: { query: Page },
    responses: { 200: jsonContent(z.object({ reports: z.unknown(), listings: z.unknown() }), "The queue") },
  }),
  async (c) => {
    const moderation = c.get("services").moderation;
    const page = window(c.req.valid("query"));
    const [reports, listings] = await Promise.all([
      moderation.openReports(page),
      moderation.listingsInReview(page),
    ]);
    return c.json({ reports, listings }, 200);
  },
);

moderationApi.openapi(
  adminRoute("moderation", {
    method: "post",
    path: "/admin/moderation/decisions",
    summary:
      "Decides about content (DSA Art. 17): approve or reject a held listing, remove a live one, suspend or block its owner's account, or no action; a restriction needs facts, reasons and the rule of the terms, and is sent to the affected user; the open reports about the content are settled and their reporters told. Audited",
    request: { body: { required: true, content: { "application/json": { schema: DecisionSchema } } } },
    responses: {
      201: jsonContent(Created, "The decision"),
      404: jsonContent(MessageBody, "No such content"),
      409: jsonContent(MessageBody, "The measure does not fit the content's state"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const result = await c.get("services").moderation.decide(actor(c), c.req.valid("json"));
    const locale = c.get("locale");
    if (result.ok) return c.json({ id: result.value.id }, 201);
    if (result.code === "invalid")
      return c.json({ errors: translateProblems(locale, result.details.problems) }, 422);
    if (result.code === "not_found") return notFound(c);
    return c.json({ message: translate(locale, "adminModeration.errors.actionNotFit") }, 409);
  },
);

moderationApi.openapi(
  adminRoute("moderation", {
    method: "get",
    path: "/admin/moderation/decisions",
    summary: "The decisions, newest first, each with its statement of reasons and complaints",
    request: { query: Page },
    responses: {
      200: jsonContent(z.object({ rows: z.array(z.unknown()), total: z.number().int() }), "A page"),
    },
  }),
  async (c) => c.json(await c.get("services").moderation.decisions(window(c.req.valid("query"))), 200),
);

moderationApi.openapi(
  adminRoute("moderation", {
    method: "post",
    path: "/admin/moderation/complaints/{id}/decision",
    summary:
      "Decides a complaint (DSA Art. 20): upheld, or reversed (the listing or the account restored). Refused (403) to the staff member who made the decision. The user is told either way. Audited",
    request: {
      params: z.object({ id: Id("The complaint's id") }),
      body: { required: true, content: { "application/json": { schema: ComplaintDecisionSchema } } },
    },
    responses: {
      200: jsonContent(z.object({ reversed: z.boolean() }), "Decided"),
      403: jsonContent(MessageBody, "Not staff or without the scope, or the decision's own decider"),
      404: jsonContent(MessageBody, "No such complaint"),
      409: jsonContent(MessageBody, "Already decided"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const result = await c
      .get("services")
      .moderation.decideComplaint(actor(c), c.req.valid("param").id, c.req.valid("json"));
    const locale = c.get("locale");
    if (result.ok) return c.json({ reversed: result.value.reversed }, 200);
    if (result.code === "invalid")
      return c.json({ errors: translateProblems(locale, result.details.problems) }, 422);
    if (result.code === "not_found") return notFound(c);
    if (result.code === "same_decider")
      return c.json({ message: translate(locale, "adminModeration.errors.sameDecider") }, 403);
    return c.json({ message: translate(locale, "adminModeration.errors.complaintClosed") }, 409);
  },
);
