import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ZodType } from "zod";
import { translate } from "#core/i18n/index.ts";
import { issuesToFieldErrors } from "#core/validation/field-errors.ts";
import { controlCharacterErrors, controlCharacterFields } from "#core/validation/text-input.ts";
import type { ApiRouter } from "#server/http/api/router.ts";
import { errorResponses, idPathParam, jsonContent, MessageBody } from "#server/http/api/schemas.ts";
import { adminRoute } from "#server/http/api/staff.ts";
import type { AppEnv } from "#server/http/types.ts";
import type { Actor, ContentErrors } from "../admin/common.ts";

/** Who makes a content change, for its audit entry: the signed-in staff member and their address. */
export const actorOf = (c: Context<AppEnv>): Actor => ({ actorId: c.get("user")!.id, ip: c.get("clientIp") });

export const idParams = (what: string) => z.object({ id: idPathParam(`The ${what}'s id`) });

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

/** A multipart body documented field by field; the handler reads it with `readMultipart`. */
export const multipartBody = (fields: Record<string, z.ZodType>, required = true) => ({
  required,
  content: { "multipart/form-data": { schema: z.object(fields) } },
});

export const binaryField = (description: string) =>
  z.any().openapi({ type: "string", format: "binary", description });

export const changeResponses = {
  404: jsonContent(MessageBody, "No such row"),
  409: jsonContent(MessageBody, "Refused: the message says why"),
  422: errorResponses[422],
};

export const sanitised =
  "Bodies are HTML, sanitised on save (sanitize-html): headings, paragraphs, lists, bold, italic, block quotes, line breaks and http(s)/mailto/relative links only";

export const notFound = (c: Context<AppEnv>) =>
  c.json({ message: translate(c.get("locale"), "adminContent.errors.notFound") }, 404);

/** A refused change's field errors, translated, as 422 (or 409 for a refusal of the whole row). */
export function refusedAnswer(c: Context<AppEnv>, errors: ContentErrors) {
  const locale = c.get("locale");
  if (errors.form)
    return c.json({ message: errors.form.map((key) => translate(locale, key)).join(" ") }, 409);
  const translated = Object.fromEntries(
    Object.entries(errors).map(([field, keys]) => [field, keys.map((key) => translate(locale, key))]),
  );
  return c.json({ errors: translated }, 422);
}

/**
 * A multipart form's text fields and one file, the text read as JSON would carry it: digits as a
 * number, "true"/"on" as true for the named flags (a multipart body has only strings).
 */
export async function readMultipart(
  c: Context<AppEnv>,
  fileField: string,
  { numbers = [], flags = [] }: { numbers?: string[]; flags?: string[] } = {},
) {
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const fields: Record<string, unknown> = {};
  let file: File | null = null;
  for (const [name, value] of Object.entries(body)) {
    if (name === fileField) {
      if (value instanceof File && value.size > 0) file = value;
      continue;
    }
    if (typeof value !== "string") continue;
    if (numbers.includes(name)) fields[name] = /^\d+$/.test(value) ? Number(value) : value;
    else if (flags.includes(name)) fields[name] = value === "true" || value === "on";
    else if (value !== "") fields[name] = value;
  }
  const bytes = file ? new Uint8Array(await file.arrayBuffer()) : null;
  return { fields, file, bytes };
}

/** Parses fields with a core schema: the value, or the 422 answer. */
export function parseFields<T>(c: Context<AppEnv>, schema: ZodType<T>, fields: Record<string, unknown>) {
  // The API's control-character check (server/http/text-input.ts) leaves multipart bodies to their
  // routes: their text fields are checked here the same way.
  const controls = controlCharacterFields(fields);
  if (controls.length > 0) {
    return {
      ok: false as const,
      answer: c.json({ errors: controlCharacterErrors(controls, c.get("locale")) }, 422),
    };
  }
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true as const, value: parsed.data };
  return {
    ok: false as const,
    answer: c.json({ errors: issuesToFieldErrors(parsed.error.issues, c.get("locale")) }, 422),
  };
}

/**
 * The editors' preview of a text (an article, an info page) as its public page would render it,
 * drafts too; content scope only, never cached.
 */
export function previewRoute(
  api: ApiRouter,
  {
    path,
    what,
    summary,
    read,
  }: {
    path: string;
    what: string;
    summary: string;
    read: (c: Context<AppEnv>, id: number) => Promise<object | null>;
  },
) {
  api.openapi(
    adminRoute("content", {
      method: "get",
      path,
      summary,
      tags: ["admin", "content"],
      request: { params: idParams(what) },
      responses: {
        200: jsonContent(
          z.object({ title: z.string(), body: z.string() }).passthrough(),
          `The ${what} as its public page shows it`,
        ),
        404: changeResponses[404],
      },
    }),
    async (c) => {
      const shown = await read(c, c.req.valid("param").id);
      c.header("Cache-Control", "private, no-store");
      c.header("X-Robots-Tag", "noindex");
      return shown ? c.json(shown as { title: string; body: string }, 200) : notFound(c);
    },
  );
}
