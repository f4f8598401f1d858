import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "./db/client.ts";
import type { JobRunner } from "./jobs/runner.ts";
import type { Logger } from "./logger.ts";
import { shutdown } from "./shutdown.ts";

/**
 * The process's stop (ADR 0150): its parts in order, and its last deadline when one of them never
 * ends (a connection in use keeps `pool.end()` waiting). process.exit is replaced: the test
 * process stays, and the code it was given is what the stop decided.
 */
const servers: Server[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) server.close();
});

async function listening(): Promise<Server> {
  const server = createServer((_req, res) => res.end("ok"));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

function recorder() {
  const lines: { level: string; msg: string }[] = [];
  const log =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push({ level, msg: String(args.find((a) => typeof a === "string")) });
  const logger = { info: log("info"), error: log("error"), warn: log("warn") } as unknown as Logger;
  return { lines, logger };
}

function exitCodes() {
  const codes: number[] = [];
  vi.spyOn(process, "exit").mockImplementation(((code?: number) => {
    codes.push(code ?? 0);
  }) as typeof process.exit);
  return codes;
}

describe("the process's stop", () => {
  it("stops the jobs, then the simulator, then the database, and exits with 0", async () => {
    const codes = exitCodes();
    const order: string[] = [];
    const { lines, logger } = recorder();
    const jobs = { stop: async () => void order.push("jobs") } as unknown as JobRunner;
    const database = { close: async () => void order.push("database") } as unknown as Database;
    await shutdown(
      "SIGTERM",
      await listening(),
      database,
      logger,
      jobs,
      async () => void order.push("simulator"),
      300,
    );
    expect(order).toEqual(["jobs", "simulator", "database"]);
    expect(codes).toEqual([0]);
    expect(lines.map((l) => l.msg)).toEqual(["shutting down", "stopped"]);
    // Its last deadline (300 ms) was cleared: nothing exits the process later. An absence has no
    // state to wait for, so this waits past the moment the deadline would have fired.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(codes).toEqual([0]);
  });

  it("exits with 1 at its last deadline when closing the database never ends", async () => {
    const codes = exitCodes();
    const { lines, logger } = recorder();
    const jobs = { stop: async () => {} } as unknown as JobRunner;
    const database = { close: () => new Promise<void>(() => {}) } as unknown as Database;
    void shutdown("SIGTERM", await listening(), database, logger, jobs, async () => {}, 300);
    await vi.waitFor(() => expect(codes).toEqual([1]), { timeout: 5_000, interval: 20 });
    expect(lines).toContainEqual({ level: "error", msg: "shutdown did not finish in time; exiting" });
    expect(lines.map((l) => l.msg)).not.toContain("stopped");
  });
});
