import type { FieldErrors } from "../contracts/errors.ts";
import { type Locale, translate } from "../i18n/index.ts";

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
