import type { MiddlewareHandler } from "hono";
import { type Locale, translate } from "#app/i18n/index.ts";
import { type FieldErrors, notFoundJson } from "./api/errors.ts";
import type { AppEnv } from "./types.ts";

/**
 * Control characters no text field of ours holds: C0 except tab, line feed and carriage return
 * (multi-line texts: descriptions, messages), DEL, and C1 (U+0080–U+009F; no keyboard types them,
 * some terminals and old decoders act on them). A NUL reaching PostgreSQL fails the whole query
 * (a 500), and the others are invisible in the page, so two equal-looking names could differ.
 * (`\p{Cc}` is exactly C0, DEL and C1.)
 */
export const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

/**
 * The fields of a request's input (a parsed JSON body, form fields, a query) whose value or name
 * holds a control character, by the dotted path the validation errors use (`invoice.street`,
 * `images.0`). Files and non-text values are not text input.
 */
export function controlCharacterFields(value: unknown, path: string[] = []): string[] {
  if (typeof value === "string") return CONTROL_CHARACTER.test(value) ? [path.join(".") || "_"] : [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => controlCharacterFields(item, [...path, String(index)]));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value).flatMap(([key, item]) =>
      CONTROL_CHARACTER.test(key) ? [[...path, "_"].join(".")] : controlCharacterFields(item, [...path, key]),
    );
  }
  return [];
}

/** The same for form fields (a FormData or URLSearchParams): files are skipped. */
export function controlCharacterFormFields(form: FormData | URLSearchParams): string[] {
  const fields = new Set<string>();
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (CONTROL_CHARACTER.test(key)) fields.add("_");
    else if (CONTROL_CHARACTER.test(value)) fields.add(key.replace(/\[\]$/, ""));
  }
  return [...fields];
}

/** The 422 body's field errors for those fields, in the request's language. */
export function controlCharacterErrors(fields: string[], locale: Locale): FieldErrors {
  const message = translate(locale, "validation.controlCharacters");
  return Object.fromEntries(fields.map((field) => [field, [message]]));
}

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
