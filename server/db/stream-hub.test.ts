import { describe, expect, it } from "vitest";
import type { NotificationListener } from "./listen.ts";
import { createStreamHub, type HubSubscriber, RECONNECT_MIN_MS, RECONNECT_SPREAD_MS } from "./stream-hub.ts";

/** A listener that never hears anything: the hub's shutdown is what is looked at here. */
const quietListener: NotificationListener = {
  listen: async () => async () => {},
  onReconnect: () => () => {},
  onDisconnect: () => () => {},
};

/** A stream as the hub sees it, recording what it was sent and whether it was closed. */
function stream(slowMs = 0) {
  const written: string[] = [];
  let closed = false;
  const subscriber: HubSubscriber = {
    writing: Promise.resolve(),
    sink: {
      comment: async (text) => void written.push(`: ${text}`),
      retry: async (ms) => {
        if (slowMs) await new Promise((resolve) => setTimeout(resolve, slowMs));
        written.push(`retry: ${ms}`);
      },
      close: () => {
        closed = true;
      },
    },
  };
  return { subscriber, written, closed: () => closed };
}

const hubForTest = () =>
  createStreamHub({
    listener: quietListener,
    channel: "test_channel",
    onNotification: () => {},
    onReconnect: () => {},
    label: "test stream",
  });

describe("the live streams at shutdown (issue 38, item 6)", () => {
  it("tells every stream to reconnect within 0.5 to 2.5 s, spread, then closes it", async () => {
    const hub = hubForTest();
    const streams = Array.from({ length: 20 }, () => stream());
    streams.forEach((s, i) => {
      hub.attach(i % 3, s.subscriber, async () => {});
    });
    expect(hub.size()).toBe(20);
    await hub.stop();
    const delays = streams.map((s) => {
      expect(s.closed()).toBe(true);
      expect(s.written).toHaveLength(1);
      return Number(s.written[0].replace("retry: ", ""));
    });
    for (const ms of delays) {
      expect(ms).toBeGreaterThanOrEqual(RECONNECT_MIN_MS);
      expect(ms).toBeLessThan(RECONNECT_MIN_MS + RECONNECT_SPREAD_MS);
    }
    // Spread: not all in the same instant.
    expect(new Set(delays).size).toBeGreaterThan(1);
    expect(hub.size()).toBe(0);
    // A stream attached after the shutdown is closed at once.
    const late = stream();
    hub.attach(1, late.subscriber, async () => {});
    expect(late.closed()).toBe(true);
  });

  it("does not let a client that does not read hold the shutdown up", async () => {
    const hub = hubForTest();
    const stuck = stream(5_000);
    const fine = stream();
    hub.attach(1, stuck.subscriber, async () => {});
    hub.attach(2, fine.subscriber, async () => {});
    await hub.stop();
    expect(stuck.closed()).toBe(true);
    expect(stuck.written).toEqual([]);
    expect(fine.written[0]).toMatch(/^retry: \d+$/);
  });
});
