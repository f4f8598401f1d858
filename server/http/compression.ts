import { Duplex } from "node:stream";
import zlib from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

/**
 * Compression of pages and JSON made per request (ADR 0061; the hashed assets are precompressed
 * at build, scripts/vite/precompress-plugin.ts, and served as their .br/.gz siblings). Hono's
 * `compress` does the work for gzip and for clients that accept nothing: its rules (not below
 * 1 KB, not an answer already encoded, a HEAD, a 206, `no-transform`, or a type that does not
 * compress: images, the live stream), Vary and the weak ETag. It has no Brotli, which every
 * current browser takes and which is both cheaper and smaller here, so a request that accepts
 * `br` gets the same rules with Node's own Brotli stream. Quality 3, as is usual for pages made
 * per request (ADR 0106): a category page, 274 KB of HTML, is 1.6 ms and 44.8 KB at quality 3,
 * 2.5 ms and 43.1 KB at 4, 3.4 ms and 46.6 KB gzipped (level 6).
 */
const THRESHOLD = 1024;
const BROTLI_QUALITY = 3;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Whether the Accept-Encoding header takes Brotli (named with a weight above 0). */
export function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return parseAccept(acceptEncoding).some((accept) => accept.type.toLowerCase() === "br" && accept.q > 0);
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

/** hono/compress for Brotli: the same rules, Vary and ETag, the body through zlib's Brotli stream. */
const brotli: MiddlewareHandler = async (c, next) => {
  await next();
  if (!compressible(c)) return;
  const vary = c.res.headers.get("vary");
  if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary)))
    c.header("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  if (!c.res.body) return;
  const length = Number(c.res.headers.get("content-length") ?? 0);
  const encoder = zlib.createBrotliCompress({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      ...(length > 0 ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length } : {}),
    },
  });
  c.res = new Response(
    c.res.body.pipeThrough(Duplex.toWeb(encoder) as ReadableWritablePair<Uint8Array, Uint8Array>),
    c.res,
  );
  c.res.headers.delete("Content-Length");
  c.res.headers.set("Content-Encoding", "br");
  const etag = c.res.headers.get("ETag");
  if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
};

export function compression(): MiddlewareHandler {
  const gzip = compress({ encoding: "gzip", threshold: THRESHOLD });
  return (c, next) => {
    const encode = acceptsBrotli(c.req.header("accept-encoding")) ? brotli : gzip;
    return encode(c, async () => {
      await next();
      await measureJson(c);
    });
  };
}
