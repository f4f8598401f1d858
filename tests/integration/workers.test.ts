import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/modules/auth/index.ts";
import { currencies } from "#server/modules/lists/tables.ts";
import { users } from "#server/modules/users/tables.ts";
import {
  type CrashStorage,
  createCleanups,
  prepareCrashStorage,
  testServerUrl,
  withDatabase,
} from "#server/test/crash-helpers.ts";
import {
  createStubBuild,
  freePort,
  killServerProcess,
  type ServerProcess,
  startServerProcess,
} from "#server/test/server-process.ts";

/**
 * Two worker processes on PostgreSQL (WORKERS=2, ADR 0035), as real processes: both answer, a
 * write in one clears what the other keeps in memory, and the login throttle counts the
 * failures of both. Which worker answered is read from the request log (its `worker` field,
 * found by the X-Request-Id the test sends), and the metrics add both up (ADR 0093). PostgreSQL only: the embedded database serves one
 * process.
 */

const cleanups = createCleanups();
let server: ServerProcess;
let storage: CrashStorage;
let port = 0;
let metricsPort = 0;
let sequence = 0;
const METRICS_TOKEN = "workers-metrics-token-0123456789";
const EMAIL = "workers@example.cz";

/** One request on a connection of its own (so that the cluster may hand it to either worker). */
function request(method: string, path: string, body?: object) {
  const id = `workers-test-${++sequence}-${Date.now()}`;
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise<{ id: string; status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent: false,
        headers: {
          "X-Request-Id": id,
          ...(payload ? { "Content-Type": "application/json", Origin: `http://127.0.0.1:${port}` } : {}),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ id, status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** The worker that logged each request id (the logs are flushed every second). */
async function workersOf(ids: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let attempt = 0; attempt < 40 && found.size < ids.length; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const line of server.stdout().split("\n")) {
      if (!line.startsWith("{")) continue;
      const entry = JSON.parse(line) as { requestId?: string; worker?: number };
      if (entry.requestId && ids.includes(entry.requestId) && entry.worker)
        found.set(entry.requestId, entry.worker);
    }
  }
  return found;
}

const currencyCodes = async () => {
  const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => request("GET", "/api/lists/currencies")));
  const workers = await workersOf(answers.map((a) => a.id));
  return answers.map((a) => ({
    worker: workers.get(a.id),
    codes: (JSON.parse(a.text) as { code: string }[]).map((c) => c.code).join(","),
  }));
};

describe.skipIf(!testServerUrl)("two workers on PostgreSQL", () => {
  beforeAll(async () => {
    storage = await prepareCrashStorage(cleanups);
    const build = createStubBuild();
    cleanups.add(build.remove);
    port = await freePort();
    metricsPort = await freePort();
    server = startServerProcess({
      BUILD_DIR: build.name,
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WORKERS: "2",
      LOG_LEVEL: "info",
      METRICS_TOKEN,
      METRICS_PORT: String(metricsPort),
    });
    cleanups.add(() => killServerProcess(server));
    await server.waitForOutput('"msg":"workers listening"');
    await withDatabase(storage, async ({ db }) => {
      await db.insert(currencies).values({ code: "CZK", rate: "1", isDefault: true });
      await db.insert(users).values({
        email: EMAIL,
        username: "workers",
        passwordHash: await hashPassword("Spravne-Heslo-123"),
        firstname: "Jan",
        lastname: "Novák",
      });
    });
  }, 120_000);
  afterAll(() => cleanups.run());

  it("answers from both workers, and a write in one clears the other's memory", async () => {
    const before = await currencyCodes();
    expect(new Set(before.map((a) => a.worker))).toEqual(new Set([1, 2]));
    expect(before.every((a) => a.codes === "CZK")).toBe(true);

    // Changed behind the API's back: both workers keep answering the list they hold.
    await withDatabase(storage, ({ db }) => db.insert(currencies).values({ code: "EUR", rate: "25" }));
    const held = await currencyCodes();
    expect(new Set(held.map((a) => a.worker))).toEqual(new Set([1, 2]));
    expect(held.every((a) => a.codes === "CZK")).toBe(true);

    // A successful write (a login) in one worker clears both.
    const login = await request("POST", "/api/auth/login", { email: EMAIL, password: "Spravne-Heslo-123" });
    expect(login.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await currencyCodes();
    expect(new Set(after.map((a) => a.worker))).toEqual(new Set([1, 2]));
    expect(after.every((a) => a.codes === "CZK,EUR")).toBe(true);
  }, 60_000);

  it("counts login failures across both workers", async () => {
    const failures = [];
    for (let i = 0; i < 10; i++) {
      const answer = await request("POST", "/api/auth/login", {
        email: EMAIL,
        password: `Spatne-Heslo-${i}-xyz`,
      });
      expect(answer.status, answer.text).toBe(422);
      failures.push(answer.id);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(new Set((await workersOf(failures)).values())).toEqual(new Set([1, 2]));
    // Ten failures of this address on this account, half of them in each worker: the next waits.
    const next = await request("POST", "/api/auth/login", { email: EMAIL, password: "Spravne-Heslo-123" });
    expect(next.status).toBe(429);
  }, 60_000);

  it("adds both workers' metrics up, on the primary's metrics port and on /metrics with the token", async () => {
    // The list's first answer in each worker goes through the chain, the next ones are replayed
    // from memory before it ("cached"): together, every answer.
    const served = (text: string) =>
      text
        .split("\n")
        .filter(
          (line) =>
            line.startsWith('rarita_http_request_duration_seconds_count{method="GET",route="') &&
            line.includes('status="200"') &&
            (line.includes('route="/api/lists/currencies"') || line.includes('route="cached"')),
        )
        .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
    const fromPrimary = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const fromWorker = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.status).toBe(200);
      return response.text();
    };
    const before = served(await fromPrimary());
    const answered = await currencyCodes();
    expect(new Set(answered.map((a) => a.worker))).toEqual(new Set([1, 2]));
    // Six requests, answered by both workers, counted once each whichever worker is asked.
    expect(served(await fromPrimary())).toBe(before + 6);
    expect(served(await fromWorker())).toBe(before + 6);
    // The gauges read at the scrape: each worker's pool sessions added up, the streams counted.
    const text = await fromPrimary();
    const pool = Number(
      text
        .split("\n")
        .find((line) => line.startsWith('rarita_db_pool_connections{state="total"}'))
        ?.split(" ")
        .at(-1),
    );
    expect(pool).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^rarita_sse_connections 0$/m);
    // The token is required on the public port; the metrics port has no other page.
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  }, 60_000);
});
