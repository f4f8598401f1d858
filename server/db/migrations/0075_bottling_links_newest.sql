-- Issue 40 (ADR 0136): a bottling's page reads its newest 200 links (linkedProductIds). On an
-- index of bottling_id alone that was a bitmap read of every link of the bottling, each on its own
-- page of the table, then sorted: 282 buffers for the bottling with the most links at 100 000
-- products, ten times that at 1 000 000. Ordered by linked_at (newest first, as the statement
-- asks: DESC is NULLS FIRST) and with the product's id included, the read stops after 200
-- entries of the index and takes nothing from the table.
DROP INDEX IF EXISTS "bottling_links_bottling_idx";--> statement-breakpoint
CREATE INDEX "bottling_links_bottling_idx" ON "bottling_links" USING btree ("bottling_id","linked_at" DESC NULLS FIRST) INCLUDE ("product_id");
