/** One Server-Sent Event as a test reads it: its id, its name and its JSON data. */
export type SseEvent<T> = { id: string; event: string; data: T };

/**
 * Reads a streaming response's Server-Sent Events as they come: `next(count)` waits for that many
 * more (comment lines such as the heartbeat are skipped); `cancel` ends the stream.
 */
export function sseReader<T>(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const queued: SseEvent<T>[] = [];

  function parseBuffered() {
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split("\n")
          .filter((line) => !line.startsWith(":") && line.includes(": "))
          .map((line) => [line.slice(0, line.indexOf(": ")), line.slice(line.indexOf(": ") + 2)]),
      );
      if (fields.event) queued.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data) });
      end = buffer.indexOf("\n\n");
    }
  }

  return {
    async next(count: number): Promise<SseEvent<T>[]> {
      while (queued.length < count) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        parseBuffered();
      }
      return queued.splice(0, count);
    },
    cancel: () => reader.cancel(),
  };
}

/** Reads SSE events until `count` arrived. */
export async function readSseEvents<T>(response: Response, count: number) {
  const reader = sseReader<T>(response);
  return { events: await reader.next(count), cancel: reader.cancel };
}
