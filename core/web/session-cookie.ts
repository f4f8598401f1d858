/** The httpOnly cookie the web app keeps its session in (docs/product/accounts.md, "Sessions"). */
export const SESSION_COOKIE = "auth._token";
/**
 * Over https the cookie carries the `__Host-` prefix: the browser then accepts it only when it is
 * Secure, has Path=/ and no Domain, so a sibling subdomain or a man in the middle on plain http
 * can neither set nor overwrite the session (session fixation). Plain http (development, the
 * browser tests on localhost) cannot hold a Secure cookie, so it keeps the plain name.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** Whether the site is served over https, which decides the cookie's name and its Secure flag. */
export function isSecureOrigin(publicUrl: string): boolean {
  return publicUrl.startsWith("https://");
}

export function sessionCookieName(publicUrl: string): string {
  return isSecureOrigin(publicUrl) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}
