import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createNotificationListener } from "./listen.ts";
import { openTestDatabase, type TestDatabase } from "./test-database.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.dispose();
});

describe("the notification listener", () => {
  it("hands each channel's NOTIFYs to its handlers and stops a channel when its last handler goes", async () => {
    const listener = createNotificationListener({ database });
    const first: (string | undefined)[] = [];
    const second: (string | undefined)[] = [];
    const stopFirst = await listener.listen("listen_test_a", (payload) => first.push(payload));
    const stopSecond = await listener.listen("listen_test_b", (payload) => second.push(payload));
    await database.exec("NOTIFY listen_test_a, 'one'; NOTIFY listen_test_b, 'x'");
    await vi.waitFor(() => expect([first, second]).toEqual([["one"], ["x"]]));

    await stopSecond();
    // Sent after b's, a's notification arriving means b's would have arrived by now.
    await database.exec("NOTIFY listen_test_b, 'y'; NOTIFY listen_test_a, 'two'");
    await vi.waitFor(() => expect(first).toEqual(["one", "two"]));
    expect(second).toEqual(["x"]);
    await stopFirst();
  });

  it("refuses a channel name that is not an identifier", async () => {
    const listener = createNotificationListener({ database });
    await expect(listener.listen("bad name; drop", () => {})).rejects.toThrow("invalid channel name");
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "PostgreSQL: reconnects after a lost connection and closes it when nobody listens",
    async () => {
      const applicationName = `listen_test_${randomBytes(4).toString("hex")}`;
      const warnings: unknown[] = [];
      const listener = createNotificationListener({
        database,
        applicationName,
        logger: { warn: (...args: unknown[]) => warnings.push(args), error: () => {} },
      });
      const heard: (string | undefined)[] = [];
      let reconnects = 0;
      listener.onReconnect(() => reconnects++);
      const stop = await listener.listen("listen_test_c", (payload) => heard.push(payload));
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const connections = async () =>
        (
          await admin.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where application_name = $1",
            [applicationName],
          )
        ).rows[0].n;
      try {
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
          [applicationName],
        );
        await vi.waitFor(() => expect(reconnects).toBe(1), { timeout: 10_000 });
        expect(warnings).toHaveLength(1);
        await database.exec("NOTIFY listen_test_c, 'after'");
        await vi.waitFor(() => expect(heard).toEqual(["after"]));

        await stop();
        await vi.waitFor(async () => expect(await connections()).toBe(0));
      } finally {
        await admin.end();
      }
    },
    30_000,
  );
});
