import fs from "node:fs";

/** Where the batched lines go: standard output in production (fdLines), a capture in tests. */
export type LineTarget = { write(chunk: string): unknown };

export type BatchedLines = { write(line: string): void; flush(): void };

/** The most a chunk holds before it is written at once. */
const CHUNK_CHARS = 16_384;

/**
 * Log lines gathered in one string and handed to `target` once per turn of the event loop (a
 * `setImmediate` after the first line of the turn), or at once when 16 KB have gathered, instead
 * of one write per line. A busy server answers many requests in one turn, so one write(2) carries
 * their request-log lines together; a quiet one writes each line within the turn, so the log
 * stays as prompt as before (a test killing the server on a log line still sees it in time).
 * pino's own asynchronous buffer (`sync: false, minLength`) cost about 2.5 µs of CPU per line on
 * this machine (thread-pool writes and its buffer bookkeeping), its synchronous one 0.6 µs
 * (bench/api.ts, ADR 0042), a plain synchronous write (fdLines) less still (ADR 0047). The
 * target is synchronous, so a handed-over chunk is never lost to a
 * pending write: a process killed with SIGKILL loses at most the lines of its last turn, a normal
 * exit or a crash none (the `exit` handler, batchedStdout).
 */
export function batchedLines(target: LineTarget, chunkChars = CHUNK_CHARS): BatchedLines {
  let pending = "";
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending === "") return;
    const chunk = pending;
    pending = "";
    target.write(chunk);
  };
  return {
    write(line) {
      pending += line;
      if (pending.length >= chunkChars) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}

/** How long a write waits for a full pipe (EAGAIN) to drain before it tries again, as sonic-boom does. */
const FULL_PIPE_WAIT_MS = 100;
const waiter = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes each chunk whole to a file descriptor, synchronously: a partial write goes on with the
 * rest, and a full pipe (EAGAIN, EBUSY: standard output read by a slow collector) is waited out
 * and tried again, so a chunk is never dropped. This is what pino's synchronous sonic-boom did
 * here, without its per-write bookkeeping (two byte counts and a buffer list per chunk, about
 * 0.2 µs of a request-log line; ADR 0047). Any other error (a closed pipe) is thrown, as
 * sonic-boom's unhandled 'error' event was.
 */
export function fdLines(fd: number, writeSync: typeof fs.writeSync = fs.writeSync): LineTarget {
  return {
    write(chunk: string) {
      let rest: string | Buffer = chunk;
      for (;;) {
        try {
          const written = typeof rest === "string" ? writeSync(fd, rest) : writeSync(fd, rest);
          const length = typeof rest === "string" ? Buffer.byteLength(rest) : rest.length;
          if (written >= length) return;
          rest = (typeof rest === "string" ? Buffer.from(rest) : rest).subarray(written);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== "EAGAIN" && code !== "EBUSY") throw error;
          Atomics.wait(waiter, 0, 0, FULL_PIPE_WAIT_MS);
        }
      }
    },
  };
}

/** Production's log destination: stdout through batchedLines, and what is left at exit. */
export function batchedStdout(): BatchedLines {
  const lines = batchedLines(fdLines(1));
  process.on("exit", lines.flush);
  return lines;
}
