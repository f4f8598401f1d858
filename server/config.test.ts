import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("loadConfig", () => {
  it("has working defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.env).toBe("production");
    expect(config.seedDemo).toBe(true);
  });

  it("derives the default public URL from the port and trims a trailing slash", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_URL: "https://rarita.cz/" }).publicUrl).toBe("https://rarita.cz");
  });

  it("accepts good values", () => {
    const config = loadConfig({
      PORT: "4000",
      DATA_DIR: "/tmp/rarita-data",
      DATABASE_URL: "postgres://user@localhost:5432/rarita",
      SMTP_URL: "smtps://user:pass@mail.example.cz:465",
      SEED_DEMO: "false",
    });
    expect(config.port).toBe(4000);
    expect(config.dataDir).toBe("/tmp/rarita-data");
    expect(config.databaseUrl).toBe("postgres://user@localhost:5432/rarita");
    expect(config.smtpUrl).toBe("smtps://user:pass@mail.example.cz:465");
    expect(config.seedDemo).toBe(false);
  });

  it("treats empty strings as unset", () => {
    const config = loadConfig({ PORT: "", DATABASE_URL: "", SMTP_URL: "" });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "0"],
    ["DATABASE_URL", "mysql://x"],
    ["PUBLIC_URL", "notaurl"],
    ["SMTP_URL", "http://x"],
  ])("rejects %s=%s with a ConfigError naming the variable", (name, value) => {
    let caught: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as Error).message;
    expect(message.startsWith(`Invalid ${name}=`)).toBe(true);
    expect(message).toContain(value);
    expect(message).not.toContain("\n");
  });
});

describe("the server's start with a bad configuration", () => {
  it("exits with code 1 and a single line on stderr naming the variable", async () => {
    const { DATABASE_URL: _db, TEST_DATABASE_URL: _test, NODE_OPTIONS: _opts, ...env } = process.env;
    const child = spawn(process.execPath, [path.join(root, "server/main.ts")], {
      cwd: root,
      env: { ...env, PORT: "abc", LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
    expect(code, stderr).toBe(1);
    const lines = stderr.trimEnd().split("\n");
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid PORT="abc"/);
    expect(stdout).toBe("");
  }, 60_000);
});
