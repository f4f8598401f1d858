import {
  brotliDecompressSync,
  createBrotliDecompress,
  createGunzip,
  createZstdDecompress,
  gunzipSync,
  gzipSync,
  zstdDecompressSync,
} from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression, encodingOf } from "./compression.ts";

/** What the browser gets: Zstandard when it takes it, else Brotli, else gzip, else the plain bytes. */

const page = `<!doctype html><p>${"Rum Zacapa 23 ".repeat(400)}</p>`;

/**
 * A page whose second part is made later (a Suspense boundary filled in after a query): the
 * test releases it.
 */
let streamed = streamedPage();
function streamedPage() {
  let release!: () => void;
  const later = new Promise<void>((resolve) => {
    release = resolve;
  });
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode(page));
      await later;
      controller.enqueue(new TextEncoder().encode("<p>later</p>"));
      controller.close();
    },
  });
  return { body, release };
}

/** The text a decoder has made of the bytes received so far. */
function decoderOf(encoding: "zstd" | "br" | "gzip") {
  const decoders = { zstd: createZstdDecompress, br: createBrotliDecompress, gzip: createGunzip };
  const decoder = decoders[encoding]();
  let text = "";
  decoder.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  return {
    /** Feeds bytes; resolves once the decoder has handled them. */
    feed: (bytes: Uint8Array) => new Promise<void>((resolve) => decoder.write(bytes, () => resolve())),
    text: () => text,
  };
}

function app() {
  const hono = new Hono();
  hono.use(compression());
  hono.get("/page", (c) => c.html(page));
  hono.get("/json", (c) =>
    c.json({ items: Array.from({ length: 80 }, (_, id) => ({ id, name: `Rum ${id}` })) }),
  );
  hono.get("/tiny", (c) => c.json({ ok: true }));
  // A file served with its own length (the route manifest, an uploaded SVG: no precompressed copy).
  hono.get("/file.js", (c) =>
    c.body(page, 200, { "Content-Type": "text/javascript", "Content-Length": String(page.length) }),
  );
  hono.get("/streamed", (c) => {
    c.header("Content-Type", "text/html");
    return c.body(streamed.body);
  });
  hono.get("/small", (c) => c.body("short", 200, { "Content-Type": "text/plain", "Content-Length": "5" }));
  hono.get("/stream", (c) => {
    c.header("Content-Type", "text/event-stream");
    return c.body("data: 1\n\n".repeat(200));
  });
  // A page cache hit gzipped once per copy (page-cache.ts).
  hono.get("/encoded", (c) =>
    c.body(gzipSync(page), 200, { "Content-Type": "text/html", "Content-Encoding": "gzip" }),
  );
  hono.get("/raw", (c) => {
    c.header("Cache-Control", "no-transform");
    return c.html(page);
  });
  return hono;
}

describe("compression", () => {
  it("picks Zstandard whenever the header accepts it, then Brotli, then gzip", async () => {
    // Chromium and Firefox; Safari; an old client; none.
    expect(encodingOf("gzip, deflate, br, zstd")).toBe("zstd");
    expect(encodingOf("gzip, deflate, br")).toBe("br");
    expect(encodingOf("zstd;q=0, br;q=0.1, gzip")).toBe("br");
    expect(encodingOf("gzip, deflate")).toBe("gzip");
    expect(encodingOf("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(encodingOf(undefined)).toBeNull();
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "zstd"],
      ["gzip, deflate, br", "br"],
      ["br;q=0, gzip;q=0.5", "gzip"],
      ["gzip;q=0", null],
      ["identity", null],
    ] as const) {
      const response = await app().request("/page", { headers: { "Accept-Encoding": accept } });
      expect(response.headers.get("content-encoding"), accept).toBe(encoding);
    }
  });

  it("sends a page Zstandard-, Brotli- or gzip-compressed, and plain to a client that takes none", async () => {
    const zstd = await app().request("/page", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(zstd.headers.get("content-encoding")).toBe("zstd");
    expect(zstd.headers.get("vary")).toContain("Accept-Encoding");
    expect(zstdDecompressSync(Buffer.from(await zstd.arrayBuffer())).toString()).toBe(page);
    const brotli = await app().request("/page", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("vary")).toContain("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(page);
    const gzip = await app().request("/page", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(page);
    const plain = await app().request("/page");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(page);
  });

  it("never sends a compressed file with the file's own length", async () => {
    // The file's length on compressed bytes made browsers wait for bytes that never came (issue 18:
    // the route manifest, and with it hydration, 6 s late until the keep-alive timeout).
    for (const [accept, decode] of [
      ["gzip", gunzipSync],
      ["br", brotliDecompressSync],
      ["zstd", zstdDecompressSync],
    ] as const) {
      const file = await app().request("/file.js", { headers: { "Accept-Encoding": accept } });
      expect(file.headers.get("content-encoding")).toBe(accept);
      const bytes = Buffer.from(await file.arrayBuffer());
      expect([null, String(bytes.length)]).toContain(file.headers.get("content-length"));
      expect(decode(bytes).toString()).toBe(page);
    }
  });

  it("sends a page made at once with the length of its compressed bytes", async () => {
    for (const [accept, decode] of [
      ["gzip, deflate, br, zstd", zstdDecompressSync],
      ["gzip, deflate, br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const response = await app().request("/page", { headers: { "Accept-Encoding": accept } });
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("content-length")).toBe(String(bytes.length));
      expect(decode(bytes).toString()).toBe(page);
    }
  });

  it("sends each part of a streamed page as soon as it is made, compressed", async () => {
    for (const encoding of ["zstd", "br", "gzip"] as const) {
      streamed = streamedPage();
      const response = await app().request("/streamed", { headers: { "Accept-Encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("content-length")).toBeNull();
      const reader = response.body!.getReader();
      const decoder = decoderOf(encoding);
      // The first part decodes whole before the second is even made.
      while (decoder.text().length < page.length) {
        const next = await reader.read();
        expect(next.done).toBe(false);
        await decoder.feed(next.value!);
      }
      expect(decoder.text()).toBe(page);
      streamed.release();
      for (let next = await reader.read(); !next.done; next = await reader.read())
        await decoder.feed(next.value);
      expect(decoder.text()).toBe(`${page}<p>later</p>`);
    }
  });

  it("compresses JSON, and leaves a small one plain with its length", async () => {
    const json = await app().request("/json", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(json.headers.get("content-encoding")).toBe("br");
    expect(json.headers.get("vary")).toContain("Accept-Encoding");
    const bytes = Buffer.from(await json.arrayBuffer());
    expect(JSON.parse(brotliDecompressSync(bytes).toString()).items).toHaveLength(80);
    const zipped = await app().request("/json", { headers: { "Accept-Encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).items).toHaveLength(80);
    const zstd = await app().request("/json", { headers: { "Accept-Encoding": "gzip, br, zstd" } });
    expect(zstd.headers.get("content-encoding")).toBe("zstd");
    expect(
      JSON.parse(zstdDecompressSync(Buffer.from(await zstd.arrayBuffer())).toString()).items,
    ).toHaveLength(80);
    const tiny = await app().request("/tiny", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(tiny.headers.get("content-length")).toBe("11");
    expect(await tiny.json()).toEqual({ ok: true });
  });

  it("leaves small answers, the live stream, no-transform and already encoded answers as they are", async () => {
    for (const accept of ["zstd, br, gzip", "br, gzip", "gzip"])
      for (const path of ["/small", "/tiny", "/stream", "/raw", "/encoded"]) {
        const response = await app().request(path, { headers: { "Accept-Encoding": accept } });
        expect(response.headers.get("content-encoding"), `${path} ${accept}`).toBe(
          path === "/encoded" ? "gzip" : null,
        );
      }
    const encoded = await app().request("/encoded", { headers: { "Accept-Encoding": "br" } });
    expect(gunzipSync(Buffer.from(await encoded.arrayBuffer())).toString()).toBe(page);
  });
});
