import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { migrationsFolder } from "#server/db/client.ts";

/**
 * Migration 0024 (info pages' drafts): the pages there were before it, the terms and the privacy
 * policy above all, stay public exactly as they were (docs/product/back-office.md, "Content").
 */
const before = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-migrations-"));
const client = new PGlite({ extensions: { pg_trgm, unaccent } });
afterAll(async () => {
  await client.close();
  fs.rmSync(before, { recursive: true, force: true });
});

/** The migrations folder as it was before 0024. */
function migrationsBefore(tag: string) {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
  const cut = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, cut);
  fs.mkdirSync(path.join(before, "meta"));
  fs.writeFileSync(path.join(before, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
  return before;
}

it("keeps every info page there was published, as of its last change, with no draft", async () => {
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: migrationsBefore("0024_info_page_drafts") });
  const changed = "2024-03-01T10:00:00.000Z";
  await client.query(
    `insert into info_pages (id, slug_cs, title_cs, body_cs, updated_at)
     values (1, 'obchodni-podminky', 'Obchodní podmínky', '<p>Text</p>', $1), (2, 'gdpr', 'GDPR', '', $1)`,
    [changed],
  );
  await migrate(db, { migrationsFolder });
  const { rows } = await client.query<{ id: number; published_at: Date; updated_at: Date }>(
    "select id, published_at, updated_at from info_pages order by id",
  );
  expect(rows.map((row) => [row.id, row.published_at.toISOString(), row.updated_at.toISOString()])).toEqual([
    [1, changed, changed],
    [2, changed, changed],
  ]);
  expect((await client.query("select * from info_page_drafts")).rows).toEqual([]);
  // Every migration from the first, on a fresh engine: 15 s on a quiet machine, past 30 under load.
}, 120_000);
