import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createStubBuild,
  freePort,
  killServerProcess,
  type ServerProcess,
  startServerProcess,
} from "./test/server-process.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-main-test-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function start(env: Record<string, string>): ServerProcess {
  const build = createStubBuild();
  cleanups.push(build.remove);
  const server = startServerProcess({ BUILD_DIR: build.name, ...env });
  cleanups.push(() => killServerProcess(server));
  return server;
}

/**
 * Starts a raw HTTP request that stays in flight: the headers go out with `Expect: 100-continue`,
 * the server answers "100 Continue" once it has taken the request up, and the body follows only
 * when `finish()` is called.
 */
function beginRequest(port: number, head: string, body: string) {
  const socket = net.connect(port, "127.0.0.1");
  let response = "";
  let onContinue: () => void = () => {};
  const continued = new Promise<void>((resolve) => {
    onContinue = resolve;
  });
  socket.on("data", (chunk: Buffer) => {
    response += chunk.toString();
    if (response.startsWith("HTTP/1.1 100 Continue\r\n\r\n")) onContinue();
  });
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(response)));
  socket.write(`${head}Expect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
  return {
    /** Resolves once the server is handling the request. */
    taken: continued,
    finish: () => socket.write(body),
    closed,
  };
}

describe("the server process", () => {
  // One flow, so the slow part (creating an embedded database) happens once: a server finishes
  // its in-flight request on SIGTERM and closes the database; a second server then reopens the
  // same data directory intact, finds its port taken, and stops with one line, closing it again.
  it("finishes a request in flight on SIGTERM and closes the database; a taken PORT stops the start with one line", async () => {
    const dataDir = tempDataDir();
    const lockFile = path.join(dataDir, "rarita.lock");
    const port = await freePort();
    const server = start({ DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" });
    await server.waitForOutput("Rarita is running at");
    expect(fs.existsSync(lockFile)).toBe(true);

    // The request is in flight (headers taken, body not sent) when the server is asked to stop.
    const request = beginRequest(
      port,
      "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json\r\n",
      JSON.stringify({ email: "nikdo@example.cz", password: "spatne-heslo" }),
    );
    await request.taken;
    server.child.kill("SIGTERM");
    // New connections are refused once the server stops listening (a loaded machine takes seconds).
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            () => "open",
            () => "refused",
          ),
        { timeout: 30_000 },
      )
      .toBe("refused");
    request.finish();

    // The in-flight login still ran against the open database and was answered.
    const response = await request.closed;
    expect(response).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 422 /);
    expect(response).toContain('{"errors":{"login":["Nesprávný e-mail nebo heslo."]}}');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toBe("");
    expect(fs.existsSync(lockFile)).toBe(false);

    // The same data directory opens again (migrations checked) in a second server, whose port is taken.
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const takenPort = (blocker.address() as net.AddressInfo).port;
    const second = start({ DATA_DIR: dataDir, PORT: String(takenPort), HOST: "127.0.0.1" });
    const exit = await second.exited;
    expect(second.stderr()).toBe(
      `Invalid PORT="${takenPort}": 127.0.0.1:${takenPort} is already in use (EADDRINUSE)\n`,
    );
    expect(exit).toEqual({ code: 1, signal: null });
    expect(second.stdout()).toBe("");
    // It closed the database and released the lock before exiting.
    expect(fs.existsSync(lockFile)).toBe(false);
  }, 120_000);

  // A rolling restart behind a balancer (issue 38, item 6; ADR 0096): after SIGTERM the server
  // says it is not ready and keeps answering, each answer closing its connection, until
  // DRAIN_SECONDS have passed; then it stops as above.
  it("keeps answering while it drains after SIGTERM, not ready, closing each connection after its answer", async () => {
    const port = await freePort();
    const server = start({
      DATA_DIR: tempDataDir(),
      PORT: String(port),
      HOST: "127.0.0.1",
      DRAIN_SECONDS: "8",
    });
    await server.waitForOutput("Rarita is running at");
    const get = (pathname: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const agent = new http.Agent({ keepAlive: true });
        http
          .get({ host: "127.0.0.1", port, path: pathname, agent }, (response) => {
            response.resume();
            response.on("end", () => {
              agent.destroy();
              resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
            });
          })
          .on("error", reject);
      });
    expect(await get("/health/ready")).toEqual({ status: 200, connection: "keep-alive" });
    server.child.kill("SIGTERM");
    await expect.poll(async () => (await get("/health/ready")).status, { timeout: 30_000 }).toBe(503);
    expect(await get("/health/live")).toEqual({ status: 200, connection: "close" });
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
