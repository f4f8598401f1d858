import { z } from "@hono/zod-openapi";

type Definitions = { type: string; route?: { request?: Record<string, unknown> } }[];

/**
 * The back office's table filters drop a malformed parameter (zod's `catch`: a hand-edited URL
 * lists everything rather than failing), but the OpenAPI generator cannot describe `catch` and
 * would fail the whole document. For the document only, each such parameter is described by the
 * schema inside it. The validators keep the original schemas: they were built when the routes
 * were registered, from the objects replaced here.
 */
export function describeLenientParameters(definitions: Definitions): void {
  for (const definition of definitions) {
    const request = definition.type === "route" ? definition.route?.request : undefined;
    if (!request) continue;
    for (const part of ["query", "params", "headers"] as const) {
      const schema = request[part];
      if (schema instanceof z.ZodObject) request[part] = withoutCatch(schema);
    }
  }
}

function withoutCatch(schema: z.ZodObject): z.ZodObject {
  const shape = schema.shape as Record<string, z.ZodType>;
  if (!Object.values(shape).some((field) => field instanceof z.ZodCatch)) return schema;
  const described = Object.fromEntries(
    Object.entries(shape).map(([name, field]) => [
      name,
      field instanceof z.ZodCatch ? (field.unwrap() as z.ZodType) : field,
    ]),
  );
  return z.object(described);
}
