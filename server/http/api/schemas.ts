import { z } from "@hono/zod-openapi";
import { REQUEST_KEY_PATTERN } from "#core/contracts/request-keys.ts";
import { MAX_INT4 } from "#core/validation/limits.ts";

/** Schemas several APIs share: locale and id path params, error bodies. */

/**
 * A row id from a path or query string: decimal digits only, as a number. `z.coerce.number()`
 * would also take `0x10`, `1e3`, ` 1` or `1.0` (whatever `Number()` reads), so one row would have
 * many addresses; here anything but digits stays a string and fails as "not a number" (422).
 */
export const rowId = () =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
    z.number().int().positive().max(MAX_INT4),
  );

/** A path parameter holding a row id (a positive `integer`), documented with `description`. */
export const idPathParam = (description: string, example = 12, name = "id") =>
  rowId().openapi({ param: { name, in: "path" }, example, description });
export const LocaleParam = z
  .enum(["cs", "en"])
  .openapi({ param: { name: "locale", in: "path" }, example: "cs", description: "Content language" });

export const ValidationErrorBody = z
  .object({ errors: z.record(z.string(), z.array(z.string())) })
  .openapi("ValidationError", {
    example: { errors: { email: ["Pole musí obsahovat platný email."] } },
  });

export const MessageBody = z.object({ message: z.string() }).openapi("Message");

/** The answer to anything unexpected (500): a translated message and the request's id, nothing else. */
export const ServerErrorBody = z
  .object({ message: z.string(), requestId: z.string() })
  .openapi("ServerError", {
    example: { message: "Omlouváme se, ale nastala chyba.", requestId: "6f1d0c2e9b7a4d3c" },
  });

export const errorResponses = {
  401: { description: "Missing or invalid token", content: { "application/json": { schema: MessageBody } } },
  422: { description: "Invalid input", content: { "application/json": { schema: ValidationErrorBody } } },
} as const;

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** The caller's key of a money-creating request (ADR 0069, docs/product/calls-and-errors.md). */
export const IdempotencyHeaders = z.object({
  "idempotency-key": z.string().regex(REQUEST_KEY_PATTERN).optional().openapi({
    description:
      "A key of the caller's choosing (1 to 200 visible ASCII characters, e.g. a UUID): a repeat with the same key and body answers the first request's order instead of placing another",
    example: "5f1c2f0e-8d7a-4b8e-9b1e-2a6c3d4e5f60",
  }),
});
