import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

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
