import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { translate } from "#core/i18n/index.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import {
  errorResponses,
  jsonContent,
  MessageBody,
  rowId,
  ValidationErrorBody,
} from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";
import type { AddressView, ProfileView } from "../account-data.ts";
import {
  AccountDeletionSchema,
  AddressSchema,
  EmailChangeSchema,
  PasswordChangeSchema,
  ProfileSchema,
} from "../account-schemas.ts";
import { AVATAR_MAX_BYTES } from "../avatar.ts";
import { ADDRESS_KINDS } from "../tables.ts";

/**
 * The signed-in user's own data under /api/me/*: profile, e-mail change, addresses, avatar,
 * password, GDPR export and deletion. Every route works on the caller's account only (the id comes
 * from the session); an address id in a body that is not the caller's answers 404.
 *
 * Bodies are validated twice with the same schema: by the route (so the OpenAPI document shows
 * it) and by the service, which the page's form calls too; the service gets the raw body, since
 * the schema's output (normalised zip, dropped company fields) is not its input.
 */

const Profile = z
  .object({
    id: z.number().int(),
    email: z.string(),
    pending_email: z.string().nullable().openapi({
      description: "A new address waiting for its confirmation link; `email` stays in use until then",
    }),
    email_confirmed: z.boolean(),
    username: z.string(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    phone_prefix: z.string(),
    phone: z.string().nullable(),
    avatar_file_name: z.string().nullable(),
    avatar_url: z.string().nullable().openapi({ example: "/uploads/avatars/3f1c….webp" }),
  })
  .openapi("AccountProfile");

const Address = z
  .object({
    id: z.number().int(),
    kind: z.enum(ADDRESS_KINDS),
    name: z.string(),
    street: z.string(),
    city: z.string(),
    zip: z.string().openapi({ example: "110 00" }),
    countryCode: z.string().nullable().openapi({ example: "CZ" }),
    isCompany: z.boolean(),
    company: z.string().nullable(),
    companyId: z.string().nullable().openapi({ description: "IČO", example: "25596641" }),
    taxId: z.string().nullable().openapi({ description: "DIČ", example: "CZ25596641" }),
  })
  .openapi("Address");

const KindParam = z
  .enum(ADDRESS_KINDS)
  .openapi({ param: { name: "kind", in: "path" }, example: "invoice", description: "Which address" });

const AddressBody = AddressSchema.openapi("AddressInput", {
  // The schema reads every field leniently and checks them together (one answer lists every
  // problem), so the document states what is required itself.
  required: ["name", "street", "city", "zip", "countryCode"],
  description:
    "zip: Czech and Slovak NNN NN (the space optional). With isCompany: company and companyId required (a Czech IČO with its check digit); taxId optional, CZ + 8-10 digits, SK + 10 digits, elsewhere in the EU the state's prefix",
  example: {
    name: "Jan Novák",
    street: "Vinohradská 12",
    city: "Praha",
    zip: "120 00",
    countryCode: "CZ",
    isCompany: true,
    company: "Rarita s.r.o.",
    companyId: "25596641",
    taxId: "CZ25596641",
  },
});

const Success = z.object({ success: z.literal(true), message: z.string() });
const notFound = jsonContent(MessageBody, "No such address of the caller's");
const tooMany = jsonContent(ValidationErrorBody, "Too many wrong passwords (errors.form); try later");

function toProfile(view: ProfileView): z.infer<typeof Profile> {
  return {
    id: view.id,
    email: view.email,
    pending_email: view.pendingEmail,
    email_confirmed: view.emailConfirmed,
    username: view.username,
    firstname: view.firstname,
    lastname: view.lastname,
    phone_prefix: view.phonePrefix,
    phone: view.phone,
    avatar_file_name: view.avatarFileName,
    avatar_url: view.avatarFileName ? `/uploads/avatars/${view.avatarFileName}` : null,
  };
}

const json = (c: Context<AppEnv>) => c.req.json().catch(() => ({}));
const userId = (c: Context<AppEnv>) => c.get("user")!.id;

export const accountApi = createApiRouter();

accountApi.openapi(
  createRoute({
    method: "get",
    path: "/me/profile",
    tags: ["account"],
    summary: "The caller's profile: names, username, e-mail (and a pending new one), phone, avatar",
    security: bearerSecurity,
    middleware: requireUser,
    responses: { 200: jsonContent(z.object({ data: Profile }), "The profile"), 401: errorResponses[401] },
  }),
  async (c) => {
    const view = await c.get("services").accountData.profile(userId(c));
    return c.json({ data: toProfile(view!) }, 200);
  },
);

accountApi.openapi(
  createRoute({
    method: "put",
    path: "/me/profile",
    tags: ["account"],
    summary:
      "Saves first and last name, username (unique regardless of case) and phone with its prefix; the e-mail changes through POST /me/email",
    security: bearerSecurity,
    middleware: requireUser,
    request: { body: { required: true, content: { "application/json": { schema: ProfileSchema } } } },
    responses: {
      200: jsonContent(z.object({ data: Profile }), "Saved"),
      401: errorResponses[401],
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const result = await c
      .get("services")
      .accountData.updateProfile(userId(c), await json(c), c.get("locale"));
    if (result.status === "invalid") return c.json({ errors: result.errors }, 422);
    return c.json({ data: toProfile(result.profile) }, 200);
  },
);

accountApi.openapi(
  createRoute({
    method: "post",
    path: "/me/email",
    tags: ["account"],
    summary:
      "Asks to change the e-mail (needs the current password): the new address gets a confirmation link, the current one a notice; the account keeps its address until the link is opened",
    security: bearerSecurity,
    middleware: requireUser,
    request: { body: { required: true, content: { "application/json": { schema: EmailChangeSchema } } } },
    responses: {
      202: jsonContent(Success.extend({ pending_email: z.string() }), "Confirmation link sent"),
      401: errorResponses[401],
      422: errorResponses[422],
      429: tooMany,
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const result = await c
      .get("services")
      .accountData.requestEmailChange(userId(c), await json(c), { locale, ip: c.get("clientIp") });
    if (result.status === "invalid") return c.json({ errors: result.errors }, 422);
    if (result.status === "limited") {
      c.header("Retry-After", String(result.retryAfterSeconds));
      return c.json({ errors: result.errors }, 429);
    }
    return c.json(
      {
        success: true as const,
        pending_email: result.email,
        message: translate(locale, "accountData.email.pending", { email: result.email }),
      },
      202,
    );
  },
);

accountApi.openapi(
  createRoute({
    method: "get",
    path: "/me/addresses",
    tags: ["account"],
    summary: "The caller's contact, invoice and delivery addresses (null where none is stored)",
    security: bearerSecurity,
    middleware: requireUser,
    responses: {
      200: jsonContent(
        z.object({
          data: z.object({
            contact: Address.nullable(),
            invoice: Address.nullable(),
            delivery: Address.nullable(),
          }),
        }),
        "The addresses",
      ),
      401: errorResponses[401],
    },
  }),
  async (c) => c.json({ data: await c.get("services").accountData.addresses(userId(c)) }, 200),
);

accountApi.openapi(
  createRoute({
    method: "get",
    path: "/me/addresses/{kind}",
    tags: ["account"],
    summary: "The caller's address of one kind; 404 when none is stored",
    security: bearerSecurity,
    middleware: requireUser,
    request: { params: z.object({ kind: KindParam }) },
    responses: {
      200: jsonContent(z.object({ data: Address }), "The address"),
      401: errorResponses[401],
      404: notFound,
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const all = await c.get("services").accountData.addresses(userId(c));
    const address: AddressView | null = all[c.req.valid("param").kind];
    if (!address)
      return c.json({ message: translate(c.get("locale"), "accountData.errors.addressNotFound") }, 404);
    return c.json({ data: address }, 200);
  },
);

accountApi.openapi(
  createRoute({
    method: "put",
    path: "/me/addresses/{kind}",
    tags: ["account"],
    summary:
      "Creates or replaces the caller's address of one kind. A company needs its name and ID (a Czech IČO with a valid check digit); the DIČ must fit the country. An `id` must be the caller's address of that kind (else 404, nothing changed)",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({ kind: KindParam }),
      body: { required: true, content: { "application/json": { schema: AddressBody } } },
    },
    responses: {
      200: jsonContent(z.object({ data: Address, message: z.string() }), "Saved"),
      401: errorResponses[401],
      404: notFound,
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const result = await c
      .get("services")
      .accountData.saveAddress(userId(c), c.req.valid("param").kind, await json(c), locale);
    if (result.status === "invalid") return c.json({ errors: result.errors }, 422);
    if (result.status === "not_found")
      return c.json({ message: translate(locale, "accountData.errors.addressNotFound") }, 404);
    return c.json(
      { data: result.address, message: translate(locale, "accountData.addresses.savedOne") },
      200,
    );
  },
);

accountApi.openapi(
  createRoute({
    method: "delete",
    path: "/me/addresses/{kind}",
    tags: ["account"],
    summary:
      "Removes the caller's address of one kind (an invoice address removed means: the same as the contact address); with ?id= only that very row",
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      params: z.object({ kind: KindParam }),
      query: z.object({ id: rowId().optional() }),
    },
    responses: {
      200: jsonContent(Success, "Removed"),
      401: errorResponses[401],
      404: notFound,
      422: errorResponses[422],
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const removed = await c
      .get("services")
      .accountData.deleteAddress(userId(c), c.req.valid("param").kind, c.req.valid("query").id);
    if (!removed) return c.json({ message: translate(locale, "accountData.errors.addressNotFound") }, 404);
    return c.json(
      { success: true as const, message: translate(locale, "accountData.addresses.removed") },
      200,
    );
  },
);

accountApi.openapi(
  createRoute({
    method: "post",
    path: "/me/avatar",
    tags: ["account"],
    summary: `Uploads the avatar (multipart field \`avatar\`): JPEG, PNG or WebP by content, at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB (the /api body limit of 1 MB applies first); stored as a 256 px square WebP without metadata`,
    security: bearerSecurity,
    middleware: requireUser,
    request: {
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({ avatar: z.any().openapi({ type: "string", format: "binary" }) }),
          },
        },
      },
    },
    responses: {
      200: jsonContent(z.object({ data: Profile, message: z.string() }), "Stored"),
      401: errorResponses[401],
      413: jsonContent(MessageBody, "Larger than the /api body limit"),
      422: errorResponses[422],
      429: jsonContent(ValidationErrorBody, "Too many uploads by this user in 10 minutes (Retry-After)"),
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const form = await c.req.parseBody();
    const file = form.avatar;
    if (!(file instanceof File)) {
      return c.json({ errors: { avatar: [translate(locale, "validation.required")] } }, 422);
    }
    // The size is checked before the bytes are read into memory twice.
    if (file.size > AVATAR_MAX_BYTES) {
      return c.json({ errors: { avatar: [translate(locale, "accountData.errors.avatarTooLarge")] } }, 422);
    }
    const services = c.get("services");
    const result = await services.accountData.setAvatar(
      userId(c),
      new Uint8Array(await file.arrayBuffer()),
      locale,
    );
    if (result.status === "limited") {
      c.header("Retry-After", String(result.retryAfterSeconds));
      return c.json({ errors: result.errors }, 429);
    }
    if (result.status === "invalid") return c.json({ errors: result.errors }, 422);
    const view = await services.accountData.profile(userId(c));
    return c.json({ data: toProfile(view!), message: translate(locale, "accountData.avatar.saved") }, 200);
  },
);

accountApi.openapi(
  createRoute({
    method: "delete",
    path: "/me/avatar",
    tags: ["account"],
    summary: "Removes the avatar (the default icon shows again)",
    security: bearerSecurity,
    middleware: requireUser,
    responses: { 200: jsonContent(Success, "Removed"), 401: errorResponses[401] },
  }),
  async (c) => {
    await c.get("services").accountData.removeAvatar(userId(c));
    return c.json(
      { success: true as const, message: translate(c.get("locale"), "accountData.avatar.removed") },
      200,
    );
  },
);

accountApi.openapi(
  createRoute({
    method: "post",
    path: "/me/password",
    tags: ["account"],
    summary:
      "Changes the password (current one, new one with confirmation; the registration's rules); every other session of the account ends",
    security: bearerSecurity,
    middleware: requireUser,
    request: { body: { required: true, content: { "application/json": { schema: PasswordChangeSchema } } } },
    responses: {
      200: jsonContent(Success, "Changed"),
      401: errorResponses[401],
      422: errorResponses[422],
      429: tooMany,
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const result = await c.get("services").accountData.changePassword(userId(c), await json(c), {
      locale,
      ip: c.get("clientIp"),
      keepSessionHash: c.get("sessionTokenHash"),
    });
    if (result.status === "invalid") return c.json({ errors: result.errors }, 422);
    if (result.status === "limited") {
      c.header("Retry-After", String(result.retryAfterSeconds));
      return c.json({ errors: result.errors }, 429);
    }
    return c.json(
      { success: true as const, message: translate(locale, "accountData.password.changed") },
      200,
    );
  },
);

accountApi.openapi(
  createRoute({
    method: "get",
    path: "/me/export",
    tags: ["account"],
    summary:
      "GDPR export: everything stored about the caller as a JSON download (profile, addresses, listings, bids, wishlist, messages sent, reviews, subscriptions, orders, sessions without tokens)",
    security: bearerSecurity,
    middleware: requireUser,
    responses: {
      200: jsonContent(z.record(z.string(), z.unknown()), "The export (Content-Disposition: attachment)"),
      401: errorResponses[401],
    },
  }),
  async (c) => {
    const data = await c.get("services").accountData.exportData(userId(c));
    const day = new Date().toISOString().slice(0, 10);
    const name = c.get("user")!.username.replace(/[^A-Za-z0-9.-]/g, "_");
    c.header("Content-Disposition", `attachment; filename="rarita-${name}-${day}.json"`);
    // Personal data: never kept by a shared cache or the browser's history cache.
    c.header("Cache-Control", "no-store");
    return c.json(data ?? {}, 200);
  },
);

accountApi.openapi(
  createRoute({
    method: "delete",
    path: "/me",
    tags: ["account"],
    summary:
      "Deletes the caller's account (needs the password): anonymised, personal data removed, every session ended. Refused (422, errors.form) while the account sells or leads a running auction",
    security: bearerSecurity,
    middleware: requireUser,
    request: { body: { required: true, content: { "application/json": { schema: AccountDeletionSchema } } } },
    responses: {
      200: jsonContent(Success, "Deleted"),
      401: errorResponses[401],
      422: errorResponses[422],
      429: tooMany,
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const result = await c
      .get("services")
      .accountData.deleteAccount(userId(c), await json(c), { locale, ip: c.get("clientIp") });
    if (result.status === "invalid") return c.json({ errors: result.errors }, 422);
    if (result.status === "limited") {
      c.header("Retry-After", String(result.retryAfterSeconds));
      return c.json({ errors: result.errors }, 429);
    }
    return c.json({ success: true as const, message: translate(locale, "accountData.delete.done") }, 200);
  },
);
