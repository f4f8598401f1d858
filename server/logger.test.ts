import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "./db/test-database.ts";
import { createLogger } from "./logger.ts";
import { users } from "./modules/users/tables.ts";

function capture() {
  const sink = { output: "" };
  const stream = new Writable({
    write(chunk, _enc, done) {
      sink.output += String(chunk);
      done();
    },
  });
  return { sink, logger: createLogger("info", stream) };
}

describe("createLogger", () => {
  it("never writes passwords, tokens or verification codes, at the top level or one level down", () => {
    let output = "";
    const sink = new Writable({
      write(chunk, _enc, done) {
        output += String(chunk);
        done();
      },
    });
    const logger = createLogger("info", sink);
    const secrets = {
      password: "Heslo-1",
      passwordConfirmation: "Heslo-2",
      newPassword: "Heslo-3",
      currentPassword: "Heslo-4",
      token: "Token-5",
      code: "654321",
    };
    logger.info(secrets, "top level");
    logger.info(
      { body: secrets, headers: { authorization: "Bearer Token-6", cookie: "auth._token=Token-7" } },
      "nested",
    );
    for (const value of [...Object.values(secrets), "Token-6", "Token-7"])
      expect(output).not.toContain(value);
    expect(output).toContain('"passwordConfirmation":"[redacted]"');
    expect(output).toContain('"code":"[redacted]"');
  });
});

describe("a failing query in the log", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function failure(values: Partial<typeof users.$inferInsert>): Promise<unknown> {
    try {
      await database.db
        .insert(users)
        .values({ email: "jan.novak@example.cz", username: "jannovak", passwordHash: "x", ...values });
    } catch (error) {
      return error;
    }
    throw new Error("expected the query to fail");
  }

  it("names the query but neither its parameters nor the personal data they hold", async () => {
    const error = await failure({ firstname: "Jaroslav\u0000Tajny", lastname: "Soukromy-Prijmeni" });
    // The raw error does carry them: that is what must not reach the log.
    expect(String((error as Error).message)).toContain("Soukromy-Prijmeni");
    const { sink, logger } = capture();
    logger.error({ err: error }, "unhandled error");
    expect(sink.output).toContain("insert into");
    for (const value of ["Soukromy-Prijmeni", "Tajny", "jan.novak@example.cz", "jannovak"]) {
      expect(sink.output).not.toContain(value);
    }
    expect(JSON.parse(sink.output).err.params).toBeUndefined();
  });

  it("drops the row a constraint violation quotes (PostgreSQL's detail)", async () => {
    await database.db
      .insert(users)
      .values({ email: "eva.mala@example.cz", username: "evamala", passwordHash: "x" });
    const error = await failure({ email: "eva.mala@example.cz", username: "evamala2" });
    const { sink, logger } = capture();
    logger.error({ err: error }, "unhandled error");
    expect(sink.output).not.toContain("eva.mala@example.cz");
    expect(sink.output).not.toContain("evamala2");
  });
});
