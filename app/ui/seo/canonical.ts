import { data } from "react-router";

/**
 * Canonical URL helpers for route loaders. Ids in paths are digits only (no sign, no leading
 * zero, no exponent: `/01/...` or `/1e3/...` must not become a second URL of the same page) and
 * within PostgreSQL's integer range.
 */
export function parsePathId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The id of a page's path by the same rule, or a 404: `Number()` would read `0x10`, `1e3` or ` 1`. */
export function requirePathId(value: string | undefined): number {
  const id = parsePathId(value);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

/** The canonical path with the request's query string kept (filters, tracking parameters). */
export function withSearch(path: string, request: Request): string {
  return `${path}${new URL(request.url).search}`;
}
