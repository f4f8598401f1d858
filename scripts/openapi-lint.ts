/**
 * `npm run lint`'s check of the API contract (ADR 0108): Redocly's recommended rules
 * (redocly.yaml) and Spectral's OpenAPI ruleset (.spectral.yaml) over the document as the server
 * serves it, each with the exceptions its config lists and explains. Any problem left, an error or
 * a warning, fails the lint; so does a typed client (app/lib/api/schema.d.ts) that is not what the
 * document gives. The three run side by side: together well under 20 s on a quiet machine.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CLIENT_TYPES, generateClientTypes } from "./openapi-client.ts";
import { writeApiDocument } from "./openapi-document.ts";

const run = promisify(execFile);
const file = await writeApiDocument(path.join(os.tmpdir(), `rarita-openapi-${process.pid}`, "openapi.json"));
// No network on the build machines: no telemetry, no update check.
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
const bin = (name: string) => path.join("node_modules", ".bin", name);

const linters = {
  redocly: [
    bin("redocly"),
    "lint",
    file,
    "--config",
    "redocly.yaml",
    "--format",
    "stylish",
    "--max-problems",
    "1000",
  ],
  spectral: [
    bin("spectral"),
    "lint",
    file,
    "--ruleset",
    ".spectral.yaml",
    "--format",
    "text",
    "--fail-severity",
    "warn",
  ],
};
const clientTypes = generateClientTypes().then((types) => {
  const stale = readFileSync(types, "utf8") !== readFileSync(CLIENT_TYPES, "utf8");
  return {
    name: "the typed client",
    failed: stale,
    output: stale ? `${CLIENT_TYPES} is not what the document gives: run npm run api:client` : "",
  };
});
const linted = Promise.all(
  Object.entries(linters).map(async ([name, [command, ...args]]) => {
    const { code, output } = await run(command, args, { env, encoding: "utf8" }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? 1,
        output: `${error.stdout ?? ""}${error.stderr ?? ""}`,
      }),
    );
    // Redocly exits 0 on warnings: a warning line fails the check all the same.
    const problems = output.split("\n").filter((line) => /\s(error|warning)\s/.test(line)).length;
    return { name, failed: code !== 0 || problems > 0, output };
  }),
);
const results = [...(await linted), await clientTypes];
const failed = results.filter((result) => result.failed);
for (const result of failed) console.error(`--- ${result.name}\n${result.output}`);
if (failed.length > 0) {
  console.error(`openapi-lint: the API document fails ${failed.map((result) => result.name).join(" and ")}`);
  process.exit(1);
}
console.log(
  `openapi-lint: the API document passes Redocly (redocly.yaml) and Spectral (.spectral.yaml); ${CLIENT_TYPES} is current`,
);
