import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./runtime-flags.ts";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const flags = SERVER_NODE_FLAGS.join(" ");

describe("the server's Node options", () => {
  it("are what the image, npm start and the operations guide start the server with", () => {
    const command = ["node", ...SERVER_NODE_FLAGS, "server/main.ts"];
    expect(read("Dockerfile")).toContain(`CMD ${JSON.stringify(command).replaceAll(",", ", ")}`);
    expect(read("compose.yaml")).toContain(`exec node ${flags} server/main.ts"`);
    expect(JSON.parse(read("package.json")).scripts.start).toBe(`node ${flags} scripts/start.ts`);
    const guide = read("docs/operations.md");
    const starts = guide
      .split("\n")
      .filter((line) => /\bnode (.* )?server\/main\.ts/.test(line) && !line.startsWith("|"));
    expect(starts.length).toBeGreaterThan(0);
    for (const line of starts) expect(line).toContain(`node ${flags} server/main.ts`);
  });

  it("are ones this Node accepts", async () => {
    const { execFileSync } = await import("node:child_process");
    const out = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, "-e", "process.stdout.write('ok')"]);
    expect(out.toString()).toBe("ok");
  });
});
