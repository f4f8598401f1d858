/**
 * `node bench/test-database-setup.ts [pglite|postgres] [rounds]`: what one test file's database
 * costs to make, the old way (a fresh database through every migration and SQL source) against
 * openTestDatabase's copy of the migrated template (ADR 0008), taking turns so that both share the
 * same minutes of a busy machine. `postgres` needs TEST_DATABASE_URL (a server's maintenance
 * database, e.g. postgres://postgres@127.0.0.1:5432/postgres); it makes and drops
 * `rarita_bench_setup` and the run's template, as Vitest's global setup does.
 */
import { randomBytes } from "node:crypto";
import { openDatabase } from "#server/db/client.ts";
import { adminQuery, openTestDatabase } from "#server/db/test-database.ts";
import makeTemplate from "#server/test/database-template.ts";
import { loadAverage } from "./http-load.ts";

const engine = process.argv[2] === "postgres" ? "postgres" : "pglite";
const rounds = Number(process.argv[3] ?? 5);
const serverUrl = process.env.TEST_DATABASE_URL;
if (engine === "postgres" && !serverUrl) throw new Error("postgres: set TEST_DATABASE_URL");
if (engine === "pglite") delete process.env.TEST_DATABASE_URL;

async function fromNothing() {
  if (engine === "pglite") return void (await (await openDatabase({ engine: "pglite" })).close());
  const name = `rarita_bench_setup_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl as string, `create database ${name}`);
  const url = new URL(serverUrl as string);
  url.pathname = `/${name}`;
  await (await openDatabase({ engine: "postgres", url: url.toString(), poolSize: 4 })).close();
  await adminQuery(serverUrl as string, `drop database ${name} with (force)`);
}

const fromTemplate = async () => void (await (await openTestDatabase()).dispose());

async function timed(work: () => Promise<void>) {
  const started = performance.now();
  await work();
  return Math.round(performance.now() - started);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`load before: ${loadAverage()}`);
const dropTemplate = engine === "postgres" ? await makeTemplate() : undefined;
try {
  // The first copy on PGlite makes the worker's dump: reported apart, as it happens once per worker.
  console.log(
    `first copy (${engine === "pglite" ? "with the dump" : "template made before"}): ${await timed(fromTemplate)} ms`,
  );
  const before: number[] = [];
  const after: number[] = [];
  for (let round = 0; round < rounds; round++) {
    before.push(await timed(fromNothing));
    after.push(await timed(fromTemplate));
  }
  console.log(`${engine} from nothing, ms: ${before.join(" ")} (median ${median(before)})`);
  console.log(`${engine} from the template, ms: ${after.join(" ")} (median ${median(after)})`);
} finally {
  await dropTemplate?.();
}
console.log(`load after: ${loadAverage()}`);
