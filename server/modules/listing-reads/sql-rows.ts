/** Rows of a raw `execute` on both drivers (pg returns { rows }, PGlite { rows } too, some versions an array). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** A positive database integer id (anything else names no row). */
export function isRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
}
