import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ARES_CHECK_KEYS } from "#core/contracts/traders.ts";
import { translate } from "#core/i18n/index.ts";
import { SellerDeclarationFormSchema } from "#core/schemas/traders.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import type { AppEnv } from "#server/http/types.ts";

/**
 * The seller's declaration over the API (issue 36, item 2; ADR 0085): the caller's own only (no
 * id: nobody edits another's), and the back office's traders under /admin (scope `users`): the
 * list, a re-check in ARES, a suspension with its statement of reasons and its lifting.
 */
export const tradersApi = createApiRouter();

const user = (c: Context<AppEnv>) => c.get("user")!;
const staffActor = (c: Context<AppEnv>) => ({ actorId: user(c).id, ip: c.get("clientIp") ?? null });

const Declaration = z.object({
  declaration: z.unknown().openapi({ description: "The declaration, or null" }),
});

tradersApi.openapi(
  createRoute({
    method: "get",
    path: "/me/seller-declaration",
    tags: ["traders"],
    summary:
      "The caller's seller declaration: private person or trader with the DSA Art 30 data (null: none yet)",
    security: bearerSecurity,
    middleware: requireUser,
    responses: { 200: jsonContent(Declaration, "The declaration"), 401: errorResponses[401] },
  }),
  async (c) => c.json({ declaration: await c.get("services").traders.declarationOf(user(c).id) }, 200),
);

tradersApi.openapi(
  createRoute({
    method: "put",
    path: "/me/seller-declaration",
    tags: ["traders"],
    summary:
      "Declares the caller a private person or a trader; a trader's IČO is checked in ARES and the data are stored whatever it answers (only a verified IČO lets the trader publish)",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      body: { required: true, content: { "application/json": { schema: SellerDeclarationFormSchema } } },
    },
    responses: {
      200: jsonContent(
        z.object({
          declaration: z.unknown(),
          aresCheck: z.string().nullable(),
          message: z.string().nullable(),
        }),
        "Saved; `message` says why a trader is not verified",
      ),
      401: errorResponses[401],
      422: errorResponses[422],
      429: jsonContent(MessageBody, "Too many ARES lookups"),
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const saved = await c.get("services").traders.declare(user(c).id, c.req.valid("json"));
    if (!saved.ok)
      return saved.code === "limited"
        ? c.json({ message: translate(locale, "traders.page.limited") }, 429)
        : c.json({ errors: translateProblems(locale, saved.details) }, 422);
    const { view, aresCheck } = saved.value;
    const message =
      aresCheck && aresCheck !== "verified" ? translate(locale, ARES_CHECK_KEYS[aresCheck]) : null;
    return c.json({ declaration: view, aresCheck, message }, 200);
  },
);

const Filter = z.object({ filter: z.enum(["attention", "unverified", "suspended", "all"]).optional() });
const TraderId = z.object({ id: idPathParam("The trader's user id") });
const done = z.object({ ok: z.literal(true) });

tradersApi.openapi(
  adminRoute("users", {
    method: "get",
    path: "/admin/traders",
    summary: "Traders with missing or unverified data and suspended sellers, each with what is missing",
    request: { query: Filter },
    responses: {
      200: jsonContent(z.object({ data: z.array(z.unknown()) }), "The traders"),
      422: errorResponses[422],
    },
  }),
  async (c) =>
    c.json(
      { data: await c.get("services").traders.admin.list(c.req.valid("query").filter ?? "attention") },
      200,
    ),
);

tradersApi.openapi(
  adminRoute("users", {
    method: "post",
    path: "/admin/traders/{id}/ares-check",
    summary: "Checks the trader's IČO in ARES again and stores the answer (audited)",
    request: { params: TraderId },
    responses: {
      200: jsonContent(z.object({ data: z.unknown() }), "The trader's row"),
      404: jsonContent(MessageBody, "No trader"),
      422: errorResponses[422],
      429: jsonContent(MessageBody, "Too many ARES lookups"),
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const result = await c.get("services").traders.admin.recheck(c.req.valid("param").id, staffActor(c));
    if (result.ok) return c.json({ data: result.value }, 200);
    const message = translate(locale, `adminTraders.errors.${result.code}`);
    return result.code === "limited" ? c.json({ message }, 429) : c.json({ message }, 404);
  },
);

tradersApi.openapi(
  adminRoute("users", {
    method: "post",
    path: "/admin/traders/{id}/suspension",
    summary: "Suspends the seller's publishing with a statement of reasons; the seller is told (audited)",
    request: {
      params: TraderId,
      body: {
        required: true,
        content: { "application/json": { schema: z.object({ reasons: z.string().max(4000) }) } },
      },
    },
    responses: {
      200: jsonContent(done, "Suspended"),
      404: jsonContent(MessageBody, "No declaration"),
      409: jsonContent(MessageBody, "Already suspended"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const { id } = c.req.valid("param");
    const result = await c
      .get("services")
      .traders.admin.suspend(id, c.req.valid("json").reasons, staffActor(c));
    if (result.ok) return c.json({ ok: true as const }, 200);
    const message = translate(locale, `adminTraders.errors.${result.code}`);
    if (result.code === "invalid") return c.json({ errors: { reasons: [message] } }, 422);
    return result.code === "already" ? c.json({ message }, 409) : c.json({ message }, 404);
  },
);

tradersApi.openapi(
  adminRoute("users", {
    method: "delete",
    path: "/admin/traders/{id}/suspension",
    summary: "Lifts the seller's suspension; the seller is told (audited)",
    request: { params: TraderId },
    responses: {
      200: jsonContent(done, "Lifted"),
      404: jsonContent(MessageBody, "No declaration"),
      409: jsonContent(MessageBody, "Not suspended"),
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const result = await c.get("services").traders.admin.reinstate(c.req.valid("param").id, staffActor(c));
    if (result.ok) return c.json({ ok: true as const }, 200);
    const message = translate(c.get("locale"), `adminTraders.errors.${result.code}`);
    return result.code === "already" ? c.json({ message }, 409) : c.json({ message }, 404);
  },
);
