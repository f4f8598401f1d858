import { Duplex } from "node:stream";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

/**
 * Compression of pages and JSON made per request (the hashed assets are precompressed at build,
 * scripts/vite/precompress-plugin.ts). hono/compress offers gzip at zlib's default level only;
 * a category page (270 KB of HTML with its inline stylesheet) took 3.6 ms of CPU to gzip at level
 * 6 against 2.2 ms with Brotli at quality 4, which also came out smaller (42 against 46 KB). So:
 * Brotli quality 4 for browsers that accept it (all current ones over HTTPS and localhost), gzip
 * level 5 for the others, nothing for a client that accepts neither. Same rules as hono/compress
 * otherwise: not below 1 KB, not an answer already encoded, a HEAD, a 206, `no-transform`, or a
 * type that does not compress (images, the live stream).
 */
const THRESHOLD = 1024;
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 5;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** The encoding to answer in: br, else gzip, when the header accepts it (q above 0, or `*`). */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

const BROTLI_PARAMS = (sizeHint: number) => ({
  [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
  ...(sizeHint > 0 ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
});
/** Above this a body is compressed as a stream even when it is not a page. */
const BUFFERED_MAX = 1024 * 1024;

/**
 * A JSON (or other non-page) answer compressed in one call: these bodies are made whole in memory
 * anyway, and a stream's set-up cost about 200 µs of CPU per answer against some 30 µs for the
 * call (an autocomplete answer of 1 KB). Small ones stay as they are, with their length.
 */
async function compressWhole(response: Response, encoding: "br" | "gzip"): Promise<Response> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength < THRESHOLD) {
    const plain = new Response(bytes, response);
    plain.headers.set("Content-Length", String(bytes.byteLength));
    return plain;
  }
  const compressed =
    encoding === "br"
      ? zlib.brotliCompressSync(bytes, { params: BROTLI_PARAMS(bytes.byteLength) })
      : zlib.gzipSync(bytes, { level: GZIP_LEVEL });
  const answer = new Response(new Uint8Array(compressed), response);
  answer.headers.set("Content-Length", String(compressed.byteLength));
  answer.headers.set("Content-Encoding", encoding);
  return answer;
}

function encoder(encoding: "br" | "gzip", sizeHint: number) {
  return encoding === "br"
    ? zlib.createBrotliCompress({ params: BROTLI_PARAMS(sizeHint) })
    : zlib.createGzip({ level: GZIP_LEVEL });
}

export function compression(): MiddlewareHandler {
  return async function compress(c, next) {
    await next();
    const response = c.res;
    const length = response.headers.get("content-length");
    const type = response.headers.get("content-type");
    if (
      response.status === 206 ||
      !response.body ||
      c.req.method === "HEAD" ||
      response.headers.has("content-encoding") ||
      response.headers.has("transfer-encoding") ||
      (length !== null && Number(length) < THRESHOLD) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(response.headers.get("cache-control") ?? "")
    )
      return;
    const vary = response.headers.get("vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary)))
      c.header("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    const encoding = pickEncoding(c.req.header("accept-encoding"));
    if (!encoding) return;
    // Pages stream (React writes the shell first); other answers are whole already.
    if (!/^\s*text\/html/i.test(type) && Number(length ?? 0) <= BUFFERED_MAX) {
      const whole = await compressWhole(response, encoding);
      c.res = whole;
      // Hono's c.res setter copies the old answer's headers over the new one's: a file's own
      // Content-Length would then stand on the compressed bytes, and browsers wait for the rest.
      c.res.headers.set("Content-Length", whole.headers.get("Content-Length") ?? "");
      const etag = c.res.headers.get("ETag");
      if (etag && !etag.startsWith("W/") && c.res.headers.has("content-encoding"))
        c.res.headers.set("ETag", `W/${etag}`);
      return;
    }
    const compressed = response.body.pipeThrough(
      Duplex.toWeb(encoder(encoding, Number(length ?? 0))) as ReadableWritablePair<Uint8Array, Uint8Array>,
    );
    c.res = new Response(compressed, c.res);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", encoding);
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
