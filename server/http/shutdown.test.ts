import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { closeGracefully } from "./shutdown.ts";

describe("closeGracefully", () => {
  it("finishes a request in flight, refuses new connections, then cleans up", async () => {
    const events: string[] = [];
    const server = http.createServer((_req, res) => {
      events.push("request started");
      setTimeout(() => {
        events.push("request answered");
        res.end("done");
      }, 300);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closeGracefully(server, async () => {
      events.push("database closed");
    });
    await expect(fetch(`http://127.0.0.1:${port}/late`)).rejects.toThrow();

    expect(await inFlight).toBe("done");
    expect(await closed).toBe(true);
    expect(events).toEqual(["request started", "request answered", "database closed"]);
  });

  it("gives up after the deadline when a request hangs", async () => {
    const server = http.createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const controller = new AbortController();
    fetch(`http://127.0.0.1:${port}/hang`, { signal: controller.signal }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await closeGracefully(server, async () => {}, 200)).toBe(false);
    controller.abort();
    server.closeAllConnections();
  });
});
