import { z } from "@hono/zod-openapi";

/** Schemas several APIs share: locale and id path params, error bodies. */

/** The largest id an `integer` column holds: a bigger number in a path is refused before the database sees it. */
export const MAX_INT4 = 2_147_483_647;

/** A path parameter holding a row id (a positive `integer`), documented with `description`. */
export const idPathParam = (description: string, example = 12, name = "id") =>
  z.coerce
    .number()
    .int()
    .positive()
    .max(MAX_INT4)
    .openapi({ param: { name, in: "path" }, example, description });
export const LocaleParam = z
  .enum(["cs", "en"])
  .openapi({ param: { name: "locale", in: "path" }, example: "cs", description: "Content language" });

export const ValidationErrorBody = z
  .object({ errors: z.record(z.string(), z.array(z.string())) })
  .openapi("ValidationError", {
    example: { errors: { email: ["Pole musí obsahovat platný email."] } },
  });

export const MessageBody = z.object({ message: z.string() }).openapi("Message");

export const errorResponses = {
  401: { description: "Missing or invalid token", content: { "application/json": { schema: MessageBody } } },
  422: { description: "Invalid input", content: { "application/json": { schema: ValidationErrorBody } } },
} as const;

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
