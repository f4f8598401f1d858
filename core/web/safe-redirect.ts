/**
 * Redirect targets (docs/product/calls-and-errors.md, "Redirect targets": "a local path of letters,
 * digits and `@ - % _ ~` separated by single slashes"; docs/product/screens.md, "Router rules": the
 * page wanted before login is restored only if it is a safe local path). Used for the `redirect`
 * query parameter and the remembered page.
 *
 * Decisions where that rule is silent (also listed under "Redirect targets"):
 * - The path follows the list strictly: no `?`, `=`, `&`, `#`, `.` or `+` (`isSafeRedirect`).
 * - A remembered page may carry a query string (`/hledani?q=rum` should come back with its search),
 *   which `safeRedirect` accepts after the path: the path must pass the rule on its own, and the
 *   query is parsed and re-serialised by URLSearchParams, so whatever comes back is plain
 *   `name=value` pairs, percent-encoded, that cannot change where the redirect points. A query
 *   holding a backslash, `#`, whitespace or a control character is refused as a whole: no honest
 *   page produces one, so it is an attack or a mistake.
 * - "Letters" are Unicode letters (`\p{L}`), so `/účet` passes; digits are ASCII 0-9. Decomposed
 *   diacritics (a letter plus a combining mark) are refused: marks are not letters.
 * - `%` is allowed, but the value is percent-decoded (repeatedly, for double encoding) and every
 *   decoded form must pass the same rules, so `/%2F%2Fevil.example` (decoding to `///evil.example`)
 *   and `/%2E%2E/admin` are refused. Every `%` must start a valid UTF-8 escape in every form, so
 *   `%zz` is refused, and so is `/100%25` (its decoded form holds a bare `%`); no page needs one.
 *   Values still changing after 3 decoding rounds are refused.
 * - An empty segment (`//`) is refused anywhere, not only as a prefix; a single trailing slash is
 *   accepted (the router strips it).
 * - At most 2000 characters.
 */

export const MAX_REDIRECT_LENGTH = 2000;

/** Percent-decoding rounds before a value still changing is treated as an attack. */
const MAX_DECODE_ROUNDS = 3;

const ALLOWED_PATH = /^\/[\p{L}0-9@\-%_~/]*$/u;

/** One form (raw or decoded) of the target: a rooted path of allowed characters, no empty segment. */
function isAllowedPath(path: string): boolean {
  return ALLOWED_PATH.test(path) && !path.includes("//");
}

/** True when the value may be used as a redirect target. */
export function isSafeRedirect(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return false;
  let current = value;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    if (!isAllowedPath(current)) return false;
    if (!current.includes("%")) return true;
    try {
      // Throws on a bare "%" or invalid UTF-8, so a value holding "%" always changes here.
      current = decodeURIComponent(current);
    } catch {
      return false;
    }
  }
  return false;
}

/** Raw characters no query of ours holds: backslash, hash, whitespace, control characters. */
const UNSAFE_QUERY = /[\\#\s\p{Cc}]/u;

/**
 * The redirect target for a path with an optional query string, normalised (the query
 * re-serialised), or null when the value is not safe.
 */
export function safeRedirectTarget(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_LENGTH) return null;
  const mark = value.indexOf("?");
  if (mark === -1) return isSafeRedirect(value) ? value : null;
  const path = value.slice(0, mark);
  const query = value.slice(mark + 1);
  if (!isSafeRedirect(path) || UNSAFE_QUERY.test(query)) return null;
  const normalised = new URLSearchParams(query).toString();
  if (path.length + 1 + normalised.length > MAX_REDIRECT_LENGTH) return null;
  return normalised ? `${path}?${normalised}` : path;
}

/**
 * The value when it is a safe redirect target (a path by the rule above, with an optional query
 * string; see above), otherwise the fallback (by default the home page).
 */
export function safeRedirect(value: unknown, fallback = "/"): string {
  return safeRedirectTarget(value) ?? fallback;
}

/**
 * What a browser could read as the start of another origin: slashes and backslashes (`//host`
 * and `/\host` are both protocol-relative to a browser), their percent-encoded forms, and the
 * whitespace and control characters browsers drop from a URL before parsing it.
 */
const LEADING_SEPARATORS = /^(?:[/\\\s\p{Cc}]|%2f|%5c|%0[9ad]|%20)+/iu;

/**
 * A redirect target built from the request's own path (the trailing-slash rule, canonical
 * addresses) as a path on this site: the leading run of separators collapses into a single `/`,
 * and every later run of slashes or backslashes into one `/`, so the Location never starts with
 * `//` or `/\`. The query (and hash) after the path are kept as they are.
 */
export function safeLocalPath(target: string): string {
  const cut = target.search(/[?#]/);
  const path = cut === -1 ? target : target.slice(0, cut);
  const rest = cut === -1 ? "" : target.slice(cut);
  return `/${path.replace(LEADING_SEPARATORS, "").replace(/[/\\]+/g, "/")}${rest}`;
}
