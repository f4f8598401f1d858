import type { IncomingMessage } from "node:http";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import proxyAddr from "proxy-addr";
import type { AppEnv } from "./types.ts";

/**
 * Who is really calling, and at which address the browser sees the site, when a proxy stands in
 * front of the server (the normal deployment: nginx or Caddy terminates TLS and talks plain http
 * to us). Forwarded headers (X-Forwarded-For, -Proto, -Host) are believed only from the proxies
 * named in TRUSTED_PROXIES: anyone else could write them to pose as another client or origin.
 */

const PROTOCOL = /^https?$/i;
// A host name or IPv4 address, or a bracketed IPv6 address, with an optional port.
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The first (client-side) value of a comma-separated forwarded header, when it passes `pattern`. */
function firstValue(header: string | null | undefined, pattern: RegExp): string | undefined {
  const value = header?.split(",")[0].trim();
  return value && pattern.test(value) ? value : undefined;
}

export type RequestOrigin = {
  /** The client's address: the socket's, or the right-most untrusted one of X-Forwarded-For. */
  clientIp: string;
  /** The origin (protocol and host) the browser used, e.g. https://rarita.cz. */
  origin: string;
};

export type OriginSettings = { trustedProxies: string[]; publicUrl: string; publicUrlSet: boolean };

/**
 * Resolves a request's client address and public origin:
 * - the client address is the right-most address of X-Forwarded-For that is not a trusted proxy
 *   (proxy-addr, as Express does), the socket's own when the socket is not a trusted proxy;
 * - the protocol and host come each from X-Forwarded-Proto / X-Forwarded-Host when a trusted proxy
 *   sent them, else from PUBLIC_URL when it is set, else from the request itself (the demo on
 *   http://localhost:3000 works under any name the browser uses).
 */
export function createOriginResolver(settings: OriginSettings) {
  const trust = settings.trustedProxies.length ? proxyAddr.compile(settings.trustedProxies) : () => false;
  const configured = settings.publicUrlSet ? new URL(settings.publicUrl) : null;
  return (socketAddress: string | undefined, request: Request): RequestOrigin => {
    const own = new URL(request.url);
    if (!socketAddress) {
      // Not on a Node socket (in-process requests in tests): nothing to trust.
      return { clientIp: "unknown", origin: configured?.origin ?? own.origin };
    }
    const peerTrusted = trust(socketAddress, 0);
    const clientIp = peerTrusted
      ? proxyAddr(
          {
            socket: { remoteAddress: socketAddress },
            headers: { "x-forwarded-for": request.headers.get("x-forwarded-for") ?? undefined },
          } as unknown as IncomingMessage,
          trust,
        )
      : socketAddress;
    const forwardedProtocol = peerTrusted
      ? firstValue(request.headers.get("x-forwarded-proto"), PROTOCOL)
      : undefined;
    const forwardedHost = peerTrusted ? firstValue(request.headers.get("x-forwarded-host"), HOST) : undefined;
    const protocol = forwardedProtocol ? `${forwardedProtocol.toLowerCase()}:` : (configured ?? own).protocol;
    const host = forwardedHost ?? (configured ?? own).host;
    return { clientIp, origin: new URL(`${protocol}//${host}`).origin };
  };
}

function socketAddress(c: Context<AppEnv>): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * Sets `clientIp` (rate limits, audit log) and `requestOrigin` (the CSRF checks, the URL React
 * Router sees) for every request.
 */
export function requestOrigin(settings: OriginSettings): MiddlewareHandler<AppEnv> {
  const resolve = createOriginResolver(settings);
  return async (c, next) => {
    const { clientIp, origin } = resolve(socketAddress(c), c.req.raw);
    c.set("clientIp", clientIp);
    c.set("requestOrigin", origin);
    await next();
  };
}

/**
 * The request with its URL on the public origin, for React Router: its action check compares the
 * browser's Origin header with the request URL, which behind a TLS-terminating proxy would be
 * http://127.0.0.1:3000/… and turn every form post into a 400.
 */
export function withOrigin(request: Request, origin: string): Request {
  const url = new URL(request.url);
  if (url.origin === origin) return request;
  return new Request(new URL(`${url.pathname}${url.search}`, origin), request);
}
