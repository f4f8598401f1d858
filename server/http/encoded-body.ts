import type { Transform } from "node:stream";
import zlib from "node:zlib";

/** The encodings pages and JSON are sent in (compression.ts picks one per request). */
export type Encoding = "zstd" | "br" | "gzip";

export type EncodedBody =
  /**
   * The whole body: compressed in one call (`encoded`), or left as it is below the size worth
   * compressing; either way sent with its length.
   */
  | { bytes: Uint8Array<ArrayBuffer>; encoded: boolean }
  /** A body still being made: compressed as it comes, each part flushed. */
  | { stream: ReadableStream<Uint8Array> };

/** Zstandard at level 3 (ADR 0145), Brotli at quality 3 (ADR 0106), gzip at zlib's default level. */
const ZSTD_LEVEL = 3;
const BROTLI_QUALITY = 3;
const GZIP_LEVEL = 6;

const TURN = Symbol("a turn of the event loop");

function concat(chunks: Uint8Array[]): Uint8Array {
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

const brotliOptions = (sizeHint?: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    ...(sizeHint ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
  },
});

/**
 * Zstandard's window follows the size it is told (`pledgedSrcSize`): a page whole in memory is
 * compressed with a window no larger than itself. A stream's default window at level 3 is 2 MB,
 * within the 8 MB a browser decodes for `Content-Encoding: zstd` (RFC 9659).
 */
const zstdOptions = (sizeHint?: number) => ({
  params: { [zlib.constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL },
  ...(sizeHint ? { pledgedSrcSize: sizeHint } : {}),
});

/** Per encoding: a whole body compressed in one call, a stream's encoder and how it flushes a part. */
const CODECS: Record<
  Encoding,
  {
    whole(bytes: Uint8Array): Uint8Array<ArrayBuffer>;
    encoder(): zlib.Zlib & Transform;
    flush: number;
  }
> = {
  zstd: {
    whole: (bytes) => zlib.zstdCompressSync(bytes, zstdOptions(bytes.byteLength)),
    encoder: () => zlib.createZstdCompress(zstdOptions()),
    flush: zlib.constants.ZSTD_e_flush,
  },
  br: {
    whole: (bytes) => zlib.brotliCompressSync(bytes, brotliOptions(bytes.byteLength)),
    encoder: () => zlib.createBrotliCompress(brotliOptions()),
    flush: zlib.constants.BROTLI_OPERATION_FLUSH,
  },
  gzip: {
    whole: (bytes) => zlib.gzipSync(bytes, { level: GZIP_LEVEL }),
    encoder: () => zlib.createGzip({ level: GZIP_LEVEL }),
    flush: zlib.constants.Z_SYNC_FLUSH,
  },
};

/**
 * Node's encoder as a web stream that flushes after every chunk: the browser gets each part of a
 * streamed page (a Suspense boundary filled in later) when it is made, not when the encoder's
 * buffer happens to fill.
 */
export function encodingStream(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const codec = CODECS[encoding];
  const encoder = codec.encoder();
  return new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      encoder.on("data", (chunk: Buffer) => {
        // The reader gone (the browser left mid-page): the stream takes nothing more, and an
        // enqueue throwing here, in an event listener, would end the process.
        try {
          controller.enqueue(chunk);
        } catch {
          encoder.destroy();
        }
      });
      encoder.on("error", (error) => {
        try {
          controller.error(error);
        } catch {}
      });
    },
    transform(chunk) {
      return new Promise<void>((resolve) => {
        encoder.write(chunk);
        encoder.flush(codec.flush, () => resolve());
      });
    },
    flush() {
      return new Promise<void>((resolve, reject) => {
        encoder.once("end", resolve);
        encoder.once("error", reject);
        encoder.end();
      });
    },
  });
}

/**
 * A response body in `encoding` (ADR 0126). A page React renders in one pass (every public page:
 * app/render-destination.server.ts hands each pass on as one chunk, and the stream ends right
 * after it) and a JSON answer arrive whole: they are compressed in one call and sent with their
 * length, which costs a page about a millisecond less of CPU than Node's encoder as a stream (its
 * work handed to the thread pool and back per chunk). A body not ended one turn of the event loop
 * after its first chunks (a Suspense boundary still loading) goes through the stream instead,
 * those chunks first: waiting that turn delays nothing a browser would notice.
 */
export async function encodedBody(
  body: ReadableStream<Uint8Array>,
  encoding: Encoding,
  threshold: number,
): Promise<EncodedBody> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  const turn = new Promise<typeof TURN>((resolve) => setImmediate(resolve, TURN));
  let pending = reader.read();
  for (;;) {
    const next = await Promise.race([pending, turn]);
    if (next === TURN) break;
    if (next.done) {
      const bytes = concat(chunks);
      return bytes.byteLength < threshold
        ? { bytes: Buffer.from(bytes), encoded: false }
        : { bytes: CODECS[encoding].whole(bytes), encoded: true };
    }
    chunks.push(next.value);
    pending = reader.read();
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      if (chunks.length > 0) controller.enqueue(concat(chunks));
    },
    async pull(controller) {
      const next = await pending;
      if (next.done) return controller.close();
      controller.enqueue(next.value);
      pending = reader.read();
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { stream: rest.pipeThrough(encodingStream(encoding)) };
}
