-- Issue 34: every function, trigger and view lives once, in server/db/sql/ (ADR 0064), and
-- server/db/sql-sources.ts applies those files after the migrations. This table holds each
-- file's hash as last applied, so that a start applies only the files that changed. It sits beside
-- drizzle's own journal of migrations: bookkeeping of the schema's changes, not the app's data.
CREATE TABLE IF NOT EXISTS "drizzle"."sql_sources" (
	"name" text PRIMARY KEY,
	"hash" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
