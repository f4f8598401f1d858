/**
 * The key a money-creating request carries (ADR 0069): the checkout form's hidden key or the API's
 * `Idempotency-Key` header. The order the first request made keeps it; a repeat of the key answers
 * that order instead of making another.
 */

/** A key as a caller may give it: 1 to 200 visible ASCII characters (a UUID, a random token). */
export const REQUEST_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export type RequestKey = {
  /** Whose key it is: "user:<id>" for a signed-in caller, "cart:<id>" for a guest's cart. */
  scope: string;
  key: string;
  /** What the request asked for (fingerprintOf): the same key with another request is refused. */
  fingerprint: string;
};

/** The request's parameters in a stable order, as the order keeps them to compare a repeat with. */
export function fingerprintOf(request: Record<string, string | number | boolean | null>): string {
  return JSON.stringify(
    Object.keys(request)
      .sort()
      .map((name) => [name, request[name]]),
  );
}
