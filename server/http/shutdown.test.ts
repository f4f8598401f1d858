import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { closeGracefully } from "./shutdown.ts";

describe("closeGracefully", () => {
  it("finishes a request in flight, refuses new connections, closes the kept-alive connection, then cleans up", async () => {
    const events: string[] = [];
    const server = http.createServer((_req, res) => {
      events.push("request started");
      setTimeout(() => {
        events.push("request answered");
        res.end("done");
      }, 300);
    });
    // The answered request's keep-alive connection must not hold the close up until this timeout.
    server.keepAliveTimeout = 60_000;
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

  it("after the deadline cuts a hanging request and still cleans up, once", async () => {
    const server = http.createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const hanging = fetch(`http://127.0.0.1:${port}/hang`).then(
      () => "answered",
      () => "cut",
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    let cleanups = 0;
    expect(
      await closeGracefully(
        server,
        async () => {
          cleanups += 1;
        },
        200,
      ),
    ).toBe(false);
    expect(cleanups).toBe(1);
    expect(await hanging).toBe("cut");
    expect(server.listening).toBe(false);
  });
});
