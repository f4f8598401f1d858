/**
 * The whole database schema: every module's tables, re-exported so that Drizzle sees one schema
 * (relations, migrations, the typed `db` handle). Modules own their tables; other modules go
 * through the owning module's service.
 */
export {};
