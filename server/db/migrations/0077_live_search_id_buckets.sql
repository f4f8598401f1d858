-- A search's stretch of ids found inside the index (ADR 0143): the live products' search index
-- holds, beside the stored vector, the buckets of their ids as words (server/db/id-buckets.ts); the
-- block range index of ids, which narrowed nothing once rows were updated, goes.
CREATE INDEX "products_live_search_idx" ON "products" USING gin ("search_vector",(array_to_tsvector(array['~i18.' || ("id" >> 18)::text, '~i15.' || ("id" >> 15)::text, '~i12.' || ("id" >> 12)::text]))) WHERE "products"."status" = 'active';--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_vector_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_id_brin_idx";--> statement-breakpoint
-- The planner's statistics of the buckets' expression (how many ids a bucket condition keeps).
ANALYZE "products";
