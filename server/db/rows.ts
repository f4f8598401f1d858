/**
 * The rows of a raw `execute` on both drivers, and the check of a row id: shared by every module
 * that writes raw SQL, so each does not keep its own copy.
 */

/** Rows of a raw `execute` on both drivers (pg returns { rows }, PGlite { rows } too, some versions an array). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** A positive database integer id, an int4 (anything else names no row, so it is refused early). */
export function isRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
}
