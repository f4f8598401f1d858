/**
 * The app's typed API client (ADR 0108): `npm run api:client` turns the API's OpenAPI document
 * into TypeScript types of every path (app/lib/api/schema.d.ts) with openapi-typescript, which
 * app/lib/api/client.ts hands to openapi-fetch. `--check` writes nothing and fails when the
 * committed file is not what the document gives (npm run lint runs it): the types cannot drift.
 *
 * openapi-typescript drives the TypeScript 5 compiler API, which the project's TypeScript 7 does
 * not ship: it lives in a workspace of its own (tools/openapi-client).
 */
import { execFile } from "node:child_process";
import { copyFileSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { writeApiDocument } from "./openapi-document.ts";

export const CLIENT_TYPES = "app/lib/api/schema.d.ts";
const run = promisify(execFile);

/** The types the current routes give, formatted as the house formats (a file in a temp folder). */
export async function generateClientTypes(): Promise<string> {
  const folder = path.join(os.tmpdir(), `rarita-openapi-client-${process.pid}`);
  const document = await writeApiDocument(path.join(folder, "openapi.json"));
  const types = path.join(folder, "schema.d.ts");
  await run(path.join("tools", "openapi-client", "node_modules", ".bin", "openapi-typescript"), [
    document,
    "-o",
    types,
  ]);
  await run(path.join("node_modules", ".bin", "biome"), ["format", "--write", types]);
  return types;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const types = await generateClientTypes();
  if (process.argv.includes("--check")) {
    if (readFileSync(types, "utf8") !== readFileSync(CLIENT_TYPES, "utf8")) {
      console.error(`${CLIENT_TYPES} is not what the API's document gives: run npm run api:client`);
      process.exit(1);
    }
    console.log(`${CLIENT_TYPES} matches the API's document`);
  } else {
    copyFileSync(types, CLIENT_TYPES);
    console.log(`wrote ${CLIENT_TYPES}`);
  }
}
