import type { Context, MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { type Encoding, encodedBody } from "./encoded-body.ts";

/**
 * Compression of pages and JSON made per request (ADR 0061, 0126, 0145; the hashed assets are
 * precompressed at build, scripts/vite/precompress-plugin.ts, and served as their .br/.gz
 * siblings). The rules are hono/compress's (not below 1 KB, not an answer already encoded, a
 * HEAD, a 206, `no-transform`, or a type that does not compress: images, the live stream), with
 * its Vary and weak ETag. Zstandard wherever the browser takes it (Chromium and Firefox), then
 * Brotli (Safari), then gzip: for a category page of 183 KB, Zstandard at level 3 makes the same
 * 31.7 KB as Brotli at quality 3 (ADR 0106) in less than half its CPU (0.5 against 1.2 ms), gzip
 * at level 6 31.5 KB in 2.6 ms. How the bytes go through the encoder: encoded-body.ts.
 */
const THRESHOLD = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Zstandard, else Brotli when named with a weight above 0 (the browser's own weights are not
 * ranked: every browser sends them equal, and the server's cost decides); else gzip when named or
 * covered by `*` with a weight above 0 (hono/compress's reading).
 */
export function encodingOf(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepts = parseAccept(acceptEncoding);
  const named = (name: string) =>
    accepts.some((accept) => accept.type.toLowerCase() === name && accept.q > 0);
  if (named("zstd")) return "zstd";
  if (named("br")) return "br";
  const gzip = accepts.find((accept) => accept.type.toLowerCase() === "gzip");
  const q = gzip ? gzip.q : (accepts.find((accept) => accept.type === "*")?.q ?? 0);
  return q > 0 ? "gzip" : null;
}

/**
 * A JSON answer made without its length gets it, so that the size rule sees it: a small one
 * (`{"ok":true}`) then goes out plain. JSON answers are whole in memory anyway.
 */
async function measureJson(c: Context) {
  const response = c.res;
  const type = response.headers.get("content-type") ?? "";
  if (!response.body || response.headers.has("content-length") || !type.startsWith("application/json"))
    return;
  const bytes = new Uint8Array(await response.arrayBuffer());
  c.res = new Response(bytes, response);
  c.res.headers.set("Content-Length", String(bytes.byteLength));
}

/** hono/compress's rules: whether an answer is to be compressed at all. */
function compressible(c: Context): boolean {
  const response = c.res;
  const length = response.headers.get("content-length");
  const type = response.headers.get("content-type");
  return !(
    response.status === 206 ||
    response.headers.has("content-encoding") ||
    response.headers.has("transfer-encoding") ||
    c.req.method === "HEAD" ||
    (length !== null && Number(length) < THRESHOLD) ||
    !type ||
    !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
    NO_TRANSFORM.test(response.headers.get("cache-control") ?? "")
  );
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    await measureJson(c);
    if (!compressible(c)) return;
    const vary = c.res.headers.get("vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary)))
      c.header("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    const encoding = encodingOf(c.req.header("accept-encoding"));
    if (!encoding || !c.res.body) return;
    const body = await encodedBody(c.res.body, encoding, THRESHOLD);
    if ("stream" in body) {
      c.res = new Response(body.stream, c.res);
      c.res.headers.delete("Content-Length");
    } else {
      c.res = new Response(body.bytes, c.res);
      c.res.headers.set("Content-Length", String(body.bytes.byteLength));
      if (!body.encoded) return;
    }
    c.res.headers.set("Content-Encoding", encoding);
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
