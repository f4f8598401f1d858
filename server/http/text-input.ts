import type { MiddlewareHandler } from "hono";
import {
  controlCharacterErrors,
  controlCharacterFields,
  controlCharacterFormFields,
} from "#core/validation/text-input.ts";
import { notFoundJson } from "./api/errors.ts";
import type { AppEnv } from "./types.ts";

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/**
 * Every API request's text input (the query string, a JSON or URL-encoded body) is checked here,
 * before any route validates or reads it: whatever a route's schema says, and also where a module
 * hands the raw body to its service, a control character answers 422 `{ errors: { field: [...] } }`
 * like any other invalid input. The body is read through Hono's request cache, so the route
 * reads the same body afterwards. Multipart bodies are uploads: left to their routes, whose only
 * text is the file name they never store.
 */
export const rejectControlCharacters: MiddlewareHandler<AppEnv> = async (c, next) => {
  // A path segment is a name (a slug, a kind), never multi-line: with any control character,
  // tab and newline included, it names nothing.
  const url = new URL(c.req.url);
  if (/\p{Cc}/u.test(safeDecode(url.pathname))) return notFoundJson(c);
  const fields = new Set(controlCharacterFormFields(url.searchParams));
  const type = c.req.header("content-type") ?? "";
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    if (JSON_TYPE.test(type)) {
      // Malformed JSON is the route's to answer (400/422 as it always did).
      const body = await c.req.json().catch(() => undefined);
      for (const field of controlCharacterFields(body)) fields.add(field);
    } else if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
      for (const field of controlCharacterFormFields(new URLSearchParams(await c.req.text())))
        fields.add(field);
    }
  }
  if (fields.size > 0) return c.json({ errors: controlCharacterErrors([...fields], c.get("locale")) }, 422);
  await next();
};
