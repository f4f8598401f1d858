/**
 * Open live streams (Server-Sent Events: auction pages, the signed-in user's events) per client
 * address and per user, across both feeds. A stream holds a socket and a place in the stream hub
 * for as long as the client likes, so without a cap one address could hold thousands.
 *
 * 10 per user: every open page has the user's event stream and an auction page one more, so that
 * is five auction pages side by side (a browser on HTTP/1.1 opens at most six connections to a
 * site anyway). 20 per address: a household or an office behind one address gets room for a few
 * people. Per process, like the rate limits: with several instances each keeps its own count.
 */
export const STREAMS_PER_IP = 20;
export const STREAMS_PER_USER = 10;
/** What a refused client is told to wait: long enough for a closed page's stream to be let go. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

export type StreamSlots = ReturnType<typeof createStreamSlots>;

export function createStreamSlots(limits = { perIp: STREAMS_PER_IP, perUser: STREAMS_PER_USER }) {
  const byIp = new Map<string, number>();
  const byUser = new Map<number, number>();
  let open = 0;
  const add = <K>(map: Map<K, number>, key: K, delta: number) => {
    const count = (map.get(key) ?? 0) + delta;
    if (count > 0) map.set(key, count);
    else map.delete(key);
  };

  return {
    /**
     * Takes a slot for a new stream of this address (and user, when signed in); null when either
     * is at its cap. The returned release frees it (once, however often it is called).
     */
    acquire(ip: string, userId: number | null): (() => void) | null {
      if ((byIp.get(ip) ?? 0) >= limits.perIp) return null;
      if (userId !== null && (byUser.get(userId) ?? 0) >= limits.perUser) return null;
      add(byIp, ip, 1);
      if (userId !== null) add(byUser, userId, 1);
      open += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open -= 1;
        add(byIp, ip, -1);
        if (userId !== null) add(byUser, userId, -1);
      };
    },

    /** Open streams of this process (the metrics' gauge). */
    open: () => open,
    /** Open streams of an address (tests, diagnostics). */
    ofIp: (ip: string) => byIp.get(ip) ?? 0,
    ofUser: (userId: number) => byUser.get(userId) ?? 0,
  };
}
