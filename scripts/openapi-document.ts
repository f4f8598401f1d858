/**
 * The API's OpenAPI document, built from the routes as the server serves it at /api/openapi.json
 * but without a server or a database: `node scripts/openapi-document.ts [file]` writes it
 * (default build/openapi.json) for the lint (scripts/openapi-lint.ts) and the typed client
 * (scripts/openapi-client.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadConfig } from "#server/config.ts";
import { mountApi } from "#server/http/api/index.ts";

export async function buildApiDocument(): Promise<Record<string, unknown>> {
  const api = mountApi(loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }));
  const response = await api.request("/openapi.json");
  if (response.status !== 200) throw new Error(`the document answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

export async function writeApiDocument(file: string): Promise<string> {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(await buildApiDocument(), null, 2)}\n`);
  return file;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await writeApiDocument(process.argv[2] ?? "build/openapi.json"));
}
