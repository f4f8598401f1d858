import pino from "pino";

/** Where the batched lines go: pino's synchronous destination in production, a capture in tests. */
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
 * (bench/api.ts, ADR 0042). The target is synchronous, so a handed-over chunk is never lost to a
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

/** Production's log destination: stdout through batchedLines, and what is left at exit. */
export function batchedStdout(): BatchedLines {
  // Synchronous sonic-boom: it retries a full pipe (EAGAIN) instead of dropping the chunk.
  const lines = batchedLines(pino.destination({ dest: 1, sync: true }));
  process.on("exit", lines.flush);
  return lines;
}
