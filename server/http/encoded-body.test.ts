import { createBrotliDecompress, createZstdDecompress } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodingStream } from "./encoded-body.ts";

const page = new TextEncoder().encode(`<!doctype html><p>${"Rum Zacapa 23 ".repeat(4000)}</p>`);

describe("a streamed page's encoder", () => {
  // A flushed part, the stream not yet ended: a streaming decoder gives all of it back.
  it.each([
    ["br", createBrotliDecompress],
    ["zstd", createZstdDecompress],
  ] as const)("sends each chunk compressed (%s) as soon as it is written", async (encoding, decoderOf) => {
    const stream = encodingStream(encoding);
    const writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    void writer.write(page);
    const { value } = await reader.read();
    const expected = new TextDecoder().decode(page);
    const decoder = decoderOf();
    const text = await new Promise<string>((resolve) => {
      let decoded = "";
      decoder.on("data", (chunk: Buffer) => {
        decoded += chunk.toString();
        if (decoded.length >= expected.length) resolve(decoded);
      });
      decoder.write(value!);
    });
    expect(text).toBe(expected);
  });

  // The browser leaving while a chunk is in the encoder: its output arrives after the reader is
  // gone. Enqueued there, it threw inside the encoder's event listener and ended the server
  // (the e2e server's crash of 2026-11-28). Each number of turns cancels at another point of the
  // chunk's way through the transform; the write settles only once the encoder has answered.
  it.each([0, 1, 2, 3, 4, 5, 6, 8, 10, 15])(
    "survives the reader leaving %i turns after asking",
    async (turns) => {
      const stream = encodingStream(turns % 2 ? "zstd" : "br");
      const writer = stream.writable.getWriter();
      const reader = stream.readable.getReader();
      const read = reader.read();
      const written = writer.write(page).then(
        () => "written",
        () => "refused",
      );
      for (let i = 0; i < turns; i++) await Promise.resolve();
      await reader.cancel("the browser left");
      expect(await read).toMatchObject({ done: true });
      expect(["written", "refused"]).toContain(await written);
    },
  );
});
