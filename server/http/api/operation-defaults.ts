import type { RouteConfig } from "@hono/zod-openapi";
import { jsonContent, MessageBody, ServerErrorBody, ValidationErrorBody } from "./schemas.ts";

type Definitions = { type: string; route?: RouteConfig }[];
type Responses = RouteConfig["responses"];

/**
 * What every operation of the document carries (ADR 0108), filled here once for all routes so
 * that no route file repeats it: an `operationId`, its `security` (an operation that names none
 * is public: `[]`), and the error answers the house's layers give whatever the handler does —
 * 401 behind a required sign-in, 403 for a state-changing call a browser sends cross-site (CSRF),
 * 400 for a body that is not JSON, 413 for one over the limit, 415 for one of another media type,
 * 422 for invalid input, 500 for anything unexpected, 503 for a change the file storage did not
 * take (ADR 0094). A route's own id, security or description of a status wins: only what is
 * missing is added.
 */
export function completeOperations(definitions: Definitions): void {
  for (const definition of definitions) {
    const route = definition.type === "route" ? definition.route : undefined;
    if (!route) continue;
    route.operationId ??= operationIdOf(route.method, route.path);
    route.security ??= [];
    route.responses = { ...defaultErrors(route), ...route.responses };
  }
}

function defaultErrors(route: RouteConfig): Responses {
  const signInRequired = (route.security ?? []).length > 0 && !route.security?.some(isAnonymous);
  const changes = route.method !== "get" && route.method !== "head";
  const hasBody = Boolean(route.request?.body);
  return {
    ...(signInRequired ? { 401: jsonContent(MessageBody, "Not signed in: no valid token or session") } : {}),
    ...(changes
      ? { 403: jsonContent(MessageBody, "A cross-site request from a browser (CSRF), or not allowed") }
      : {}),
    ...(hasBody ? bodyErrors : {}),
    // Every operation takes input: its `lang` and any query string, whose control characters the
    // text-input layer refuses before the route (server/http/text-input.ts).
    422: jsonContent(ValidationErrorBody, "Invalid input: the messages per field"),
    500: jsonContent(ServerErrorBody, "Unexpected: a translated message and the request's id for support"),
    ...(changes
      ? {
          503: jsonContent(
            ServerErrorBody,
            "The file storage did not answer: nothing was recorded, try again",
          ),
        }
      : {}),
  };
}

/** What the layers answer about a body before the handler reads it (app.ts, @hono/zod-openapi). */
const bodyErrors = {
  400: jsonContent(MessageBody, "The body cannot be read (JSON that does not parse)"),
  413: jsonContent(MessageBody, "The body is over the limit (1 MiB unless the operation says more)"),
  415: jsonContent(MessageBody, "The body is not of a media type the operation takes"),
};

const isAnonymous = (requirement: Record<string, unknown>) => Object.keys(requirement).length === 0;

/**
 * A stable camelCase id from the method and the path, e.g. `GET /auctions/{id}/bids` →
 * `getAuctionsByIdBids`: unique because (method, path) is, and unchanged while the route is.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? `By${pascal(parameter[1])}` : pascal(segment);
    });
  return method.toLowerCase() + words.join("");
}

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join("");

type Parameter = { name?: string; in?: string; $ref?: string };
type OpenApiDocument = {
  paths?: Record<string, Record<string, { parameters?: Parameter[] }>>;
  components?: { parameters?: Record<string, unknown> };
};

/**
 * Every operation answers in the language of its `lang` query (server/http/locale.ts: then the
 * locale cookie, then Accept-Language): the document says so on each, by one shared parameter.
 */
export function withLanguageParameter<T extends object>(generated: T): T {
  const document = generated as OpenApiDocument;
  document.components = {
    ...document.components,
    parameters: {
      ...document.components?.parameters,
      Lang: {
        name: "lang",
        in: "query",
        required: false,
        description:
          "The answer's language (messages, names); else the locale cookie, Accept-Language, Czech",
        schema: { type: "string", enum: ["cs", "en"] },
      },
    },
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const parameters = operation.parameters ?? [];
      if (parameters.some((parameter) => parameter.in === "query" && parameter.name === "lang")) continue;
      operation.parameters = [...parameters, { $ref: "#/components/parameters/Lang" }];
    }
  }
  return generated;
}

/**
 * The generator writes a registered schema made nullable (`Standing.nullable()`) as
 * `allOf: [{ $ref }, { type: ["object", "null"] }]`, which no null satisfies (the reference still
 * demands an object): such a pair becomes `anyOf: [{ $ref }, { type: "null" }]`, what the code
 * answers.
 */
export function withNullableReferences<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withNullableReferences) as T;
  if (!node || typeof node !== "object") return node;
  const entries = Object.entries(node).map(([key, value]) => [key, withNullableReferences(value)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  const [reference, nullable, ...rest] = Array.isArray(object.allOf) ? object.allOf : [];
  const type = (nullable as { type?: unknown } | undefined)?.type;
  if (
    rest.length === 0 &&
    (reference as { $ref?: unknown } | undefined)?.$ref &&
    Array.isArray(type) &&
    type.includes("null") &&
    Object.keys(nullable as object).length === 1
  ) {
    const { allOf: _, ...others } = object;
    return { ...others, anyOf: [reference, { type: "null" }] } as T;
  }
  return object as T;
}
