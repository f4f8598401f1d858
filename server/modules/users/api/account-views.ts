import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AddressSchema } from "#core/schemas/address.ts";
import type { ApiRouter } from "#server/http/api/router.ts";
import { jsonContent, MessageBody, ValidationErrorBody } from "#server/http/api/schemas.ts";
import type { AppEnv } from "#server/http/types.ts";
import type { ProfileView } from "../account-data.ts";
import { ADDRESS_KINDS } from "../tables.ts";

/** The shapes /api/me/* answers with and the helpers its routes share (account.ts). */

export type { ApiRouter };

export const Profile = z
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

export const Address = z
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

export const KindParam = z
  .enum(ADDRESS_KINDS)
  .openapi({ param: { name: "kind", in: "path" }, example: "invoice", description: "Which address" });

export const AddressBody = AddressSchema.meta({
  id: "AddressInput",
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

export const Success = z.object({ success: z.literal(true), message: z.string() });
export const notFound = jsonContent(MessageBody, "No such address of the caller's");
export const tooMany = jsonContent(ValidationErrorBody, "Too many wrong passwords (errors.form); try later");

export function toProfile(view: ProfileView): z.infer<typeof Profile> {
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

export const json = (c: Context<AppEnv>) => c.req.json().catch(() => ({}));
export const userId = (c: Context<AppEnv>) => c.get("user")!.id;
