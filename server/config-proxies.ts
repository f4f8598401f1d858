import proxyAddr from "proxy-addr";

/* TRUSTED_PROXIES as server/config.ts reads it (server/http/trusted-proxies.ts believes them). */

const KEYWORDS = "loopback, linklocal or uniquelocal";

/**
 * TRUSTED_PROXIES (comma-separated IP addresses, CIDR ranges such as 10.0.0.0/8, and the keywords
 * loopback, linklocal, uniquelocal) as a list. Throws a one-line reason naming a bad entry.
 */
export function parseTrustedProxies(value: string): string[] {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    try {
      proxyAddr.compile(entry);
    } catch {
      throw new Error(`"${entry}" is not an IP address, a CIDR range or ${KEYWORDS}`);
    }
  }
  return entries;
}
