import { EventEmitter } from "node:events";

const encoder = new TextEncoder();

/**
 * Strings React hands over whole (more than about 1.3 KB: the inline stylesheet, ADR 0032, is the
 * same 127 KB string on every page) encoded once per process; a few, so a new build's sheet
 * replaces nothing but itself.
 */
const encodedLarge = new Map<string, Uint8Array>();
const LARGE = 32_768;

function bytesOf(chunk: Uint8Array | string): Uint8Array {
  if (typeof chunk !== "string") return chunk;
  if (chunk.length < LARGE) return encoder.encode(chunk);
  let bytes = encodedLarge.get(chunk);
  if (!bytes) {
    bytes = encoder.encode(chunk);
    if (encodedLarge.size >= 8) encodedLarge.clear();
    encodedLarge.set(chunk, bytes);
  }
  return bytes;
}

/**
 * What `renderToPipeableStream` pipes into, in place of a PassThrough turned into a web stream:
 * React writes a page as dozens of 4 KB views and calls `flush()` after each pass (the shell, then
 * each streamed Suspense boundary); this hands each pass on as ONE chunk of `body`, so the
 * response, the page cache's tee and the socket see a few chunks instead of one per 4 KB (issue
 * 18: bench/README.md, "render-cost.ts"). React's own rules stay: `close` when the reader cancels
 * (React then stops rendering), `end()` after the last pass.
 */
export function renderDestination(onDone: () => void) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let pending: Uint8Array[] = [];
  let size = 0;
  let open = true;
  const sink = new EventEmitter();
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      open = false;
      onDone();
      sink.emit("close");
    },
  });
  const flush = () => {
    if (size === 0 || !open) return;
    const chunk = pending.length === 1 ? pending[0].slice() : new Uint8Array(size);
    if (pending.length > 1) {
      let offset = 0;
      for (const part of pending) {
        chunk.set(part, offset);
        offset += part.byteLength;
      }
    }
    pending = [];
    size = 0;
    controller.enqueue(chunk);
  };
  const destination = Object.assign(sink, {
    write(chunk: Uint8Array | string) {
      if (!open) return false;
      const bytes = bytesOf(chunk);
      pending.push(bytes);
      size += bytes.byteLength;
      return true;
    },
    flush,
    end() {
      flush();
      if (open) controller.close();
      open = false;
      onDone();
      return destination;
    },
    destroy(error?: unknown) {
      if (open) controller.error(error);
      open = false;
      onDone();
      return destination;
    },
  });
  return { destination, body };
}
