import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/modules/auth/index.ts";
import { currencies } from "#server/modules/lists/tables.ts";
import { users } from "#server/modules/users/tables.ts";
import {
  type CrashStorage,
  createCleanups,
  prepareCrashStorage,
  testServerUrl,
  waitUntil,
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
 * Two servers on one PostgreSQL database (INSTANCES=2, ADR 0095), each started on its own with its
 * own data directory, as two machines would be: login failures made on either count together, a
 * limit reached on one refuses on the other, and what one keeps in memory follows a change without
 * waiting for a lifetime. PostgreSQL only: the embedded database serves one process.
 */

const cleanups = createCleanups();
let storage: CrashStorage;
const servers: { process: ServerProcess; port: number }[] = [];
const SHARED = {
  ALTCHA_HMAC_KEY: "instances-test-altcha-key-0123456789abcdef",
  FINGERPRINT_HMAC_KEY: "instances-test-fingerprint-key-0123456789",
  AGE_CHECK_SALT: "instances-test-age-check-salt-0123456789ab",
};
const PASSWORD = "Spravne-Heslo-123";

function request(port: number, method: string, path: string, body?: object) {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise<{ status: number; text: string; retryAfter: string | undefined }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent: false,
        headers: payload ? { "Content-Type": "application/json", Origin: `http://127.0.0.1:${port}` } : {},
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text, retryAfter: res.headers["retry-after"] as string }),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const login = (port: number, email: string, password: string) =>
  request(port, "POST", "/api/auth/login", { email, password });

describe.skipIf(!testServerUrl)("two instances on one PostgreSQL", () => {
  beforeAll(async () => {
    storage = await prepareCrashStorage(cleanups);
    const build = createStubBuild();
    cleanups.add(build.remove);
    for (const _ of [1, 2]) {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-instance-"));
      cleanups.add(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const process = startServerProcess({
        ...SHARED,
        BUILD_DIR: build.name,
        DATA_DIR: dataDir,
        DATABASE_URL: storage.databaseUrl,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        INSTANCES: "2",
      });
      cleanups.add(() => killServerProcess(process));
      // One after the other: the first migrates the database.
      await process.waitForOutput("Rarita is running at");
      servers.push({ process, port });
    }
    await withDatabase(storage, async ({ db }) => {
      await db.insert(currencies).values({ code: "CZK", rate: "1", isDefault: true });
      const passwordHash = await hashPassword(PASSWORD);
      await db.insert(users).values(
        ["a", "b", "c"].map((who) => ({
          email: `instances-${who}@example.cz`,
          username: `instances-${who}`,
          passwordHash,
          firstname: "Jan",
          lastname: "Novák",
        })),
      );
    });
  }, 180_000);
  afterAll(() => cleanups.run());

  it("counts login failures made on either instance together", async () => {
    const [a, b] = servers;
    const email = "instances-a@example.cz";
    // Ten failures of this address on this account, half on each instance.
    for (let i = 0; i < 10; i++) {
      const answer = await login(i % 2 === 0 ? a.port : b.port, email, `Spatne-Heslo-${i}-xyz`);
      expect(answer.status, answer.text).toBe(422);
    }
    for (const server of [a, b]) {
      const next = await login(server.port, email, PASSWORD);
      expect(next.status).toBe(429);
      expect(Number(next.retryAfter)).toBeGreaterThan(0);
    }
  }, 60_000);

  it("refuses on one instance what was limited on the other", async () => {
    const [a, b] = servers;
    const email = "instances-b@example.cz";
    for (let i = 0; i < 10; i++)
      expect((await login(a.port, email, `Spatne-Heslo-${i}-xyz`)).status).toBe(422);
    const onB = await login(b.port, email, PASSWORD);
    expect(onB.status).toBe(429);
    expect(Number(onB.retryAfter)).toBeLessThanOrEqual(15 * 60);
  }, 60_000);

  it("shows what one instance wrote on the other without waiting for a lifetime", async () => {
    const [a, b] = servers;
    const codes = async (port: number) =>
      (JSON.parse((await request(port, "GET", "/api/lists/currencies")).text) as { code: string }[])
        .map((c) => c.code)
        .join(",");
    expect(await codes(b.port)).toBe("CZK");
    // Changed behind the API's back: B keeps the list it holds...
    await withDatabase(storage, ({ db }) => db.insert(currencies).values({ code: "EUR", rate: "25" }));
    // ...until A answers a write (a login), which every instance hears.
    expect((await login(a.port, "instances-c@example.cz", PASSWORD)).status).toBe(200);
    await waitUntil("B showing the new currency", async () => (await codes(b.port)) === "CZK,EUR");
  }, 60_000);
});
