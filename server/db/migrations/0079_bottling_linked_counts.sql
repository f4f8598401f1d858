ALTER TABLE "bottlings" ADD COLUMN "linked_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The linked listings per bottling (ADR 0149) follow every write to bottling_links by the
-- triggers in server/db/sql/triggers/bottling_linked_counts.sql; here they start from the links
-- there are.
UPDATE "bottlings" b SET "linked_count" = l.n
FROM (SELECT bottling_id, count(*)::int AS n FROM bottling_links GROUP BY bottling_id) l
WHERE l.bottling_id = b.id;--> statement-breakpoint
CREATE INDEX "bottlings_search_text_idx" ON "bottlings" USING gin ("search_text" gin_trgm_ops) WHERE "bottlings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "bottlings_most_linked_idx" ON "bottlings" USING btree ("linked_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "bottlings"."status" = 'active';
